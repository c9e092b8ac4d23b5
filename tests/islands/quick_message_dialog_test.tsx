import "../helpers/dom.ts";
import assert from "node:assert/strict";
import { cleanup, render, screen } from "@testing-library/preact";
import { QuickMessageDialog } from "../../islands/quick_messages/QuickMessageDialog.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";

const SWITCH = { name: "Disponível para toda a empresa" };

Deno.test("QuickMessageDialog: an admin's new message is company-wide unless switched off", () => {
  initClientI18n(i18nClientData("pt-BR", ["quickMessages"]));
  try {
    render(<QuickMessageDialog sharedByDefault onSaved={() => {}} onClose={() => {}} />);
    assert.equal((screen.getByRole("switch", SWITCH) as HTMLInputElement).checked, true);
    cleanup();
    render(<QuickMessageDialog onSaved={() => {}} onClose={() => {}} />);
    assert.equal((screen.getByRole("switch", SWITCH) as HTMLInputElement).checked, false);
    cleanup();
    // An existing message keeps what it was saved with, whoever opens it.
    const record = {
      id: 1,
      shortcode: "oi",
      message: "Olá!",
      geral: false,
      status: "active",
      userId: 2,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
    };
    render(
      <QuickMessageDialog
        sharedByDefault
        record={record as never}
        onSaved={() => {}}
        onClose={() => {}}
      />,
    );
    assert.equal((screen.getByRole("switch", SWITCH) as HTMLInputElement).checked, false);
  } finally {
    cleanup();
  }
});
