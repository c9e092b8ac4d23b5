import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import LanguageSwitcher from "../../islands/LanguageSwitcher.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { browserActions } from "../../lib/ui/browser.ts";
import { readCookie } from "../../lib/ui/cookies.ts";
import { clearCookies } from "../helpers/dom.ts";

/** Replaces the page reload with a counter for the duration of `body`. */
function countingReloads(body: (reloads: () => number) => void) {
  const original = browserActions.reload;
  let count = 0;
  browserActions.reload = () => void count++;
  try {
    body(() => count);
  } finally {
    browserActions.reload = original;
    cleanup();
    clearCookies();
  }
}

Deno.test("LanguageSwitcher offers the three languages, each in its own tongue", () => {
  initClientI18n(i18nClientData("pt-BR"));
  countingReloads(() => {
    render(<LanguageSwitcher current="pt-BR" />);
    const select = screen.getByLabelText("Idioma") as HTMLSelectElement;
    assert.equal(select.value, "pt-BR");
    const options = Array.from(select.options, (option) => [option.value, option.textContent]);
    assert.deepEqual(options, [["pt-BR", "Português (Brasil)"], ["en", "English"], [
      "es",
      "Español",
    ]]);
  });
});

Deno.test("choosing a language stores the lang cookie and reloads the page", () => {
  initClientI18n(i18nClientData("pt-BR"));
  countingReloads((reloads) => {
    render(<LanguageSwitcher current="pt-BR" />);
    const select = screen.getByLabelText("Idioma") as HTMLSelectElement;
    select.value = "es";
    fireEvent.change(select);
    assert.equal(readCookie(document.cookie, "lang"), "es");
    assert.equal(reloads(), 1);
  });
});

Deno.test("choosing the current language again does nothing", () => {
  initClientI18n(i18nClientData("en"));
  countingReloads((reloads) => {
    render(<LanguageSwitcher current="en" />);
    const select = screen.getByLabelText("Language") as HTMLSelectElement;
    fireEvent.change(select);
    assert.equal(readCookie(document.cookie, "lang"), undefined);
    assert.equal(reloads(), 0);
  });
});
