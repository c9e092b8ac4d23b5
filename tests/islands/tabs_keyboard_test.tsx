import "../helpers/dom.ts";
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import assert from "node:assert/strict";
import { useState } from "preact/hooks";
import { TabPanel, Tabs } from "../../components/ui/Tabs.tsx";

function Harness() {
  const [selected, setSelected] = useState("open");
  return (
    <div>
      <Tabs
        idBase="k"
        label="Tickets"
        selected={selected}
        onSelect={setSelected}
        tabs={[{ id: "open", label: "Open" }, { id: "pending", label: "Pending" }, {
          id: "closed",
          label: "Closed",
        }]}
      />
      <TabPanel idBase="k" tab={selected}>Panel {selected}</TabPanel>
    </div>
  );
}

Deno.test("Tabs in an island: click and arrow keys select, focus follows, Home/End wrap", () => {
  try {
    render(<Harness />);
    const open = screen.getByRole("tab", { name: "Open" });
    assert.equal(open.getAttribute("aria-selected"), "true");
    fireEvent.click(screen.getByRole("tab", { name: "Closed" }));
    screen.getByText("Panel closed");

    const closed = screen.getByRole("tab", { name: "Closed" });
    closed.focus();
    fireEvent.keyDown(closed, { key: "ArrowRight" });
    assert.equal(document.activeElement, screen.getByRole("tab", { name: "Open" }));
    screen.getByText("Panel open");

    fireEvent.keyDown(document.activeElement!, { key: "End" });
    screen.getByText("Panel closed");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    screen.getByText("Panel pending");
    const pending = screen.getByRole("tab", { name: "Pending" });
    assert.equal(pending.getAttribute("tabindex"), "0");
    assert.equal(screen.getByRole("tab", { name: "Open" }).getAttribute("tabindex"), "-1");
  } finally {
    cleanup();
  }
});
