import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { describe, expect, it } from "vitest";

import { PriceSource, PriceSourceTag } from "@/ui/PriceSource";

import { messages as deShell } from "../../locales/de/shell";
import { messages as enShell } from "../../locales/en/shell";
import { renderedRoot } from "./rendered-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

i18n.load({ en: enShell, de: deShell });

const dom = renderedRoot();

function show(node: React.ReactNode, language = "en"): string {
  act(() => {
    i18n.activate(language);
    dom.root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  });
  return dom.host.textContent ?? "";
}

describe("the price source label", () => {
  it("says simulated for the simulated feed and names a real source", () => {
    expect(show(<PriceSource by={{ simulated: true, source: "simulated" }} />)).toBe("Simulated prices");
    expect(show(<PriceSource by={{ simulated: false, source: "Binance" }} />)).toBe("Prices from Binance");
    expect(show(<PriceSource by={{ simulated: false, source: "Binance" }} />, "de")).toBe("Kurse von Binance");
  });

  it("tags a row with its source when a list mixes them", () => {
    expect(show(<PriceSourceTag by={{ simulated: true, source: "simulated" }} />, "de")).toBe("Simuliert");
    expect(show(<PriceSourceTag by={{ simulated: false, source: "Binance" }} />)).toBe("Binance");
  });
});
