import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import ThemeToggle from "../../islands/ThemeToggle.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { readCookie } from "../../lib/ui/cookies.ts";
import { clearCookies } from "../helpers/dom.ts";

function reset() {
  cleanup();
  clearCookies();
  document.documentElement.classList.remove("dark");
}

Deno.test("ThemeToggle switches light to dark: <html> class, theme cookie, label", () => {
  initClientI18n(i18nClientData("pt-BR"));
  try {
    render(<ThemeToggle initial="light" />);
    const button = screen.getByRole("button", { name: "Mudar para o tema escuro" });
    fireEvent.click(button);
    assert.equal(document.documentElement.classList.contains("dark"), true);
    assert.equal(readCookie(document.cookie, "theme"), "dark");
    // The button now offers the way back, in Portuguese.
    screen.getByRole("button", { name: "Mudar para o tema claro" });
  } finally {
    reset();
  }
});

Deno.test("ThemeToggle switches dark back to light and stores it", () => {
  initClientI18n(i18nClientData("en"));
  document.documentElement.classList.add("dark");
  try {
    render(<ThemeToggle initial="dark" />);
    fireEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    assert.equal(document.documentElement.classList.contains("dark"), false);
    assert.equal(readCookie(document.cookie, "theme"), "light");
    screen.getByRole("button", { name: "Switch to dark theme" });
  } finally {
    reset();
  }
});

Deno.test("the theme cookie lasts a year, site-wide, SameSite=Lax", async () => {
  const { preferenceCookie } = await import("../../lib/ui/cookies.ts");
  assert.equal(
    preferenceCookie("theme", "dark"),
    "theme=dark; Path=/; Max-Age=31536000; SameSite=Lax",
  );
});
