import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";

import { StatusBadge } from "@/ui/MarketText";

import { messages as zhPages } from "../../locales/zh/pages";
import { messages as zhShell } from "../../locales/zh/shell";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function text(node: ReactNode): string {
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
  const shown = container.textContent ?? "";
  act(() => root.unmount());
  return shown;
}

// Monday 18 January 2027, midnight on this device's clock
const mondayMidnight = new Date(2027, 0, 18, 0, 0).getTime() / 1000;

afterEach(() => i18n.activate("en"));

describe("a market's status", () => {
  it("says when a closed market opens, in the reader's zone, instead of the status alone", () => {
    expect(text(<StatusBadge status="closed" opensAt={mondayMidnight} />)).toBe("Closed · opens Mon 00:00");
    expect(text(<StatusBadge status="not_trading_time" opensAt={mondayMidnight + 9.5 * 3600} />)).toBe(
      "Not trading time · opens Mon 09:30",
    );
  });

  it("says only the status while open, or when the next open is unknown", () => {
    expect(text(<StatusBadge status="open" opensAt={mondayMidnight} />)).toBe("Open");
    expect(text(<StatusBadge status="closed" opensAt={null} />)).toBe("Closed");
    expect(text(<StatusBadge status="closed" />)).toBe("Closed");
  });

  it("in the reader's language", () => {
    i18n.load("zh", { ...zhShell, ...zhPages });
    i18n.activate("zh");
    const shown = text(<StatusBadge status="closed" opensAt={mondayMidnight} />);
    expect(shown).toContain("周一");
    expect(shown).toContain("00:00");
    expect(shown).not.toContain("opens");
  });
});
