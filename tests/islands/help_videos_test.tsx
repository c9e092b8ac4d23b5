import "../helpers/dom.ts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import HelpVideos from "../../islands/HelpVideos.tsx";
import { initClientI18n } from "../../lib/i18n/client.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";

const HELPS = [
  { id: 1, title: "Primeiros passos", video: "dQw4w9WgXcQ", description: "Conecte o WhatsApp." },
  { id: 2, title: "Filas", video: "abcdefghijk", description: "" },
];

function test(name: string, fn: () => Promise<void> | void) {
  Deno.test(`HelpVideos - ${name}`, async () => {
    initClientI18n(i18nClientData("pt-BR", ["helps"]));
    try {
      await fn();
    } finally {
      cleanup();
    }
  });
}

test("a card per video, the count in the heading", () => {
  render(<HelpVideos helps={HELPS} />);
  screen.getByRole("heading", { level: 1, name: "Ajuda (2)" });
  screen.getByRole("button", { name: "Assistir: Primeiros passos" });
  screen.getByRole("button", { name: "Assistir: Filas" });
  screen.getByText("Conecte o WhatsApp.");
});

test("no videos: an empty state instead of an empty grid", () => {
  render(<HelpVideos helps={[]} />);
  screen.getByRole("heading", { level: 1, name: "Ajuda (0)" });
  screen.getByText("Nenhum vídeo de ajuda ainda");
});

test("a card opens the no-cookie player in a modal; closing removes the player", async () => {
  render(<HelpVideos helps={HELPS} />);
  const dialog = document.getElementById("help-player") as HTMLDialogElement;
  assert.equal(dialog.open, false);
  await act(() => void fireEvent.click(screen.getByRole("button", { name: "Assistir: Filas" })));
  assert.equal(dialog.open, true);
  const player = dialog.querySelector("iframe")!;
  assert.equal(
    player.getAttribute("src"),
    "https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1&rel=0",
  );
  assert.equal(player.getAttribute("title"), "Vídeo: Filas");
  // What the browser does on Escape: the dialog closes and fires "close".
  await act(() => dialog.close());
  assert.equal(dialog.querySelector("iframe"), null, "the sound stops with the modal");
});
