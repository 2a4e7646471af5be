import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";

import { ChangeText } from "@/ui/MarketText";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function shown(pct: number): { text: string; direction: string } {
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() => root.render(<ChangeText pct={pct} />));
  const span = container.firstElementChild!;
  const result = { text: span.textContent ?? "", direction: span.className };
  act(() => root.unmount());
  return result;
}

describe("a quote's change", () => {
  it("shows the sign and arrow of a real move", () => {
    expect(shown(0.0512)).toEqual({ text: "▲ +0.05%", direction: "change change-up" });
    expect(shown(-0.17)).toEqual({ text: "▼ -0.17%", direction: "change change-down" });
  });

  it("calls a move that rounds to zero flat, not a red minus zero", () => {
    expect(shown(-0.004)).toEqual({ text: "• 0.00%", direction: "change change-flat" });
    expect(shown(0.004)).toEqual({ text: "• 0.00%", direction: "change change-flat" });
    expect(shown(0)).toEqual({ text: "• 0.00%", direction: "change change-flat" });
  });
});
