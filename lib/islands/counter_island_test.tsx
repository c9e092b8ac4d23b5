import "../../tests/helpers/dom.ts";
import assert from "node:assert/strict";
import { signal } from "@preact/signals";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import Counter from "../../tests/fixtures/islands/Counter.tsx";
import Total from "../../tests/fixtures/islands/Total.tsx";

Deno.test("islands - the fixture Counter updates a Total that shares its signal", async () => {
  try {
    const count = signal(5);
    render(
      <div>
        <Counter count={count} label="Tickets" />
        <Total count={count} factor={2} />
      </div>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Tickets: 5" }));
    await screen.findByText("Tickets: 6");
    assert.equal(screen.getByText(/total/).textContent, "total 12");
    assert.equal(count.value, 6);
  } finally {
    cleanup();
  }
});
