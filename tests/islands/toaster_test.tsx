import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import Toaster from "../../islands/Toaster.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { clearToasts, MAX_TOASTS, pushToast, toastError, toasts } from "../../lib/ui/toast.ts";

function reset() {
  clearToasts();
  cleanup();
}

Deno.test("Toaster shows pushed toasts in a labelled live region and dismisses them", () => {
  initClientI18n(i18nClientData("pt-BR"));
  try {
    render(<Toaster />);
    const region = screen.getByRole("region", { name: "Notificações" });
    assert.equal(region.getAttribute("aria-live"), "polite");
    act(() => void pushToast({ tone: "success", message: "Alterações salvas." }));
    screen.getByText("Alterações salvas.");
    act(() => void fireEvent.click(screen.getByRole("button", { name: "Dispensar notificação" })));
    assert.equal(screen.queryByText("Alterações salvas."), null);
    assert.equal(toasts.value.length, 0);
  } finally {
    reset();
  }
});

Deno.test("error toasts translate known codes, show other text raw, and fall back", () => {
  initClientI18n(i18nClientData("en"));
  try {
    render(<Toaster />);
    act(() => {
      toastError("ERR_NO_PERMISSION");
      toastError("ERR_SOMETHING_UNKNOWN");
      toastError("Phone is offline");
    });
    screen.getByText("You do not have permission to access this resource.");
    screen.getByText("ERR_SOMETHING_UNKNOWN");
    screen.getByText("Phone is offline");
    act(() => {
      clearToasts();
      toastError();
    });
    screen.getByText("An error occurred!");
  } finally {
    reset();
  }
});

Deno.test("toasts close themselves after their duration", async () => {
  initClientI18n(i18nClientData("pt-BR"));
  try {
    render(<Toaster />);
    act(() => void pushToast({ message: "Some time later", durationMs: 20 }));
    screen.getByText("Some time later");
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    assert.equal(screen.queryByText("Some time later"), null);
  } finally {
    reset();
  }
});

Deno.test("a burst of toasts keeps only the newest few on screen", () => {
  try {
    for (let i = 1; i <= MAX_TOASTS + 2; i++) pushToast({ message: `n${i}`, durationMs: 0 });
    assert.deepEqual(
      toasts.value.map((toast) => toast.message),
      Array.from({ length: MAX_TOASTS }, (_, i) => `n${i + 3}`),
    );
  } finally {
    reset();
  }
});
