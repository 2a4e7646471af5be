import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";

import { resultDueAt, secondsToResult } from "@/features/trading/pending-result";
import { PendingResults } from "@/features/trading/PendingResult";

import { messages as pagesDe } from "../../locales/de/pages";
import { messages as pagesEn } from "../../locales/en/pages";
import { holdingOrder } from "./order-fixture";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// an order of 30 s that expired at 1 800 000 050, mid-minute: its minute's seed is revealed at 1 800 000 062
const expired = holdingOrder({ closeTime: 1_800_000_050, resultAt: 1_800_000_062 });

function shown(locale: "en" | "de", items: Array<{ id: number; seconds: number; label: string }>) {
  i18n.loadAndActivate({ locale, messages: locale === "de" ? pagesDe : pagesEn });
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <PendingResults orders={items} />
      </I18nProvider>,
    ),
  );
  const rows = [...container.querySelectorAll<HTMLElement>("[data-testid=order-pending]")].map((row) => ({
    order: row.dataset.order,
    text: row.textContent,
  }));
  act(() => root.unmount());
  return { rows, empty: container.childElementCount === 0 };
}

afterEach(() => i18n.loadAndActivate({ locale: "en", messages: pagesEn }));

describe("an order waiting for its price minute's reveal", () => {
  it("counts down to the reveal the server named, from its expiry on", () => {
    expect(secondsToResult(expired, 1_800_000_049)).toBeNull();
    expect(secondsToResult(expired, 1_800_000_050)).toBe(12);
    expect(secondsToResult(expired, 1_800_000_061.4)).toBe(1);
    // past the expected reveal it is about to settle: never "0 s" or a negative wait
    expect(secondsToResult(expired, 1_800_000_070)).toBe(1);
  });

  it("says nothing once settled or void, nor for an order the server settles at expiry", () => {
    expect(secondsToResult({ ...expired, status: "closed", resultAt: null }, 1_800_000_055)).toBeNull();
    expect(secondsToResult({ ...expired, status: "void", resultAt: null }, 1_800_000_055)).toBeNull();
    expect(secondsToResult({ ...expired, resultAt: expired.closeTime }, 1_800_000_055)).toBeNull();
  });

  it("is asked about from its expected result on, not each second before", () => {
    expect(resultDueAt(expired)).toBe(1_800_000_062);
    expect(resultDueAt({ ...expired, resultAt: null })).toBe(1_800_000_050);
  });

  it("shows each waiting order with its countdown, in the reader's language and digits", () => {
    const items = [
      { id: 7, seconds: 12, label: "▲ 100.00" },
      { id: 8, seconds: 1234, label: "▼ 50.00" },
    ];
    expect(shown("en", items).rows).toEqual([
      { order: "7", text: "▲ 100.00 Expired — result when the price minute is revealed (≈ 12 s)" },
      { order: "8", text: "▼ 50.00 Expired — result when the price minute is revealed (≈ 1,234 s)" },
    ]);
    expect(shown("de", items).rows[1]).toEqual({
      order: "8",
      text: "▼ 50.00 Abgelaufen — Ergebnis, sobald die Kursminute offengelegt ist (≈ 1.234 s)",
    });
    expect(shown("en", []).empty).toBe(true);
  });
});
