import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";

import { ChangeText } from "@/ui/MarketText";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function shown(pct: number, language = "en"): { text: string; direction: string } {
  i18n.loadAndActivate({ locale: language, messages: {} });
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <ChangeText pct={pct} />
      </I18nProvider>,
    ),
  );
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

  it("writes the percentage in the reader's language, the sign kept", () => {
    // de and fr put a no-break space before the sign (which one depends on the engine's locale data)
    expect(shown(1.234, "de").text.replace(/[\u00a0\u202f]/, " ")).toBe("▲ +1,23 %");
    expect(shown(-0.5, "fr").text.replace(/[\u00a0\u202f]/, " ")).toBe("▼ -0,50 %");
    expect(shown(0.5, "vi").text).toBe("▲ +0,50%");
  });
});
