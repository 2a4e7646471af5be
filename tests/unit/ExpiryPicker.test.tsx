// the picker shows times in the device's time zone: this one's is fixed so the test reads the same everywhere
process.env.TZ = "Asia/Shanghai";

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { ticketFigures } from "@/features/trading/ticket-figures";
import { TradeBar } from "@/features/trading/TradeBar";
import { useClockExpiry } from "@/features/trading/use-clock-expiry";
import type { Goods } from "#contract/markets";

import { messages as dePages } from "../../locales/de/pages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const option = (seconds: number, payoutRate: string) => ({ seconds, payoutRate, minAmount: "10.00", maxAmount: "5000.00" });
const goods = {
  product: { id: 1, code: "BTCUSDT", name: "Bitcoin", precision: 2, status: "open" },
  options: [option(30, "0.8"), option(60, "0.85"), option(180, "0.88"), option(300, "0.9")],
  limits: { singleMin: "10.00", singleMax: "5000.00", totalMax: "20000.00" },
  feeRate: "0.01",
  balance: "1000.00",
  simulated: true,
} as unknown as Goods;

// 2027-01-15 08:00:00 UTC: 16:00 in Shanghai
const MINUTE = 1_800_000_000;
i18n.load("de", dePages);

let host: HTMLDivElement;
let root: Root;

/** The bar with its expiry as the ticket holds it, at the server time `now`; figures from the option the time takes. */
function Bar({ now }: { now: number }) {
  const [seconds, setSeconds] = useState(30);
  const clock = useClockExpiry(goods, now);
  const rateSeconds = clock.expiresAt === null ? seconds : (clock.rateSeconds ?? 0);
  return (
    <TradeBar
      goods={goods}
      amount="100"
      onAmount={() => {}}
      seconds={seconds}
      onSeconds={setSeconds}
      clock={clock}
      now={now}
      practice={false}
      figures={ticketFigures(goods, rateSeconds, "100", "1000.00")}
      blocked={null}
      refusal={null}
      busy={false}
      requote={null}
      onTrade={() => {}}
      confirmEach={false}
      onConfirmEach={() => {}}
    />
  );
}

function renderAt(now: number, language = "en") {
  act(() => {
    i18n.activate(language);
    root.render(
      <I18nProvider i18n={i18n}>
        <Bar now={now} />
      </I18nProvider>,
    );
  });
}

const chips = () => [...host.querySelectorAll<HTMLButtonElement>(".tr-time-chip")];
const chipTexts = () =>
  chips().map((chip) => `${chip.querySelector(".tr-time")!.textContent} ${chip.querySelector(".tr-time-left")!.textContent}`);
const chosen = () =>
  chips()
    .find((chip) => chip.getAttribute("aria-pressed") === "true")
    ?.querySelector(".tr-time")?.textContent;
const payout = () => host.querySelector("[data-testid=trade-up]")!.textContent;
const click = (element: HTMLElement) => act(() => element.click());
const modeButton = (name: string) => [...host.querySelectorAll<HTMLButtonElement>(".tr-mode")].find((b) => b.textContent === name)!;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  act(() => i18n.activate("en"));
});

describe("the expiry picker", () => {
  it("offers durations first, and on Time the next minute boundaries in the device's time zone with the time left to buy", () => {
    renderAt(MINUTE + 10);
    expect(chips()).toEqual([]);
    expect(modeButton("Duration").getAttribute("aria-pressed")).toBe("true");
    click(modeButton("Time"));
    // 16:01 is 50 s away: 20 s to buy before its 30 s cut-off
    expect(chipTexts()).toEqual(["16:01 0:20", "16:02 1:20", "16:03 2:20", "16:04 3:20", "16:05 4:20"]);
    expect(chips()[0]!.getAttribute("aria-label")).toBe("16:01, 0:20 left to buy");
    expect(chosen()).toBe("16:01");
  });

  it("shows the payout of the option the server takes for the time left", () => {
    renderAt(MINUTE + 10);
    expect(payout()).toContain("80%");
    click(modeButton("Time"));
    // 50 s left: the 60 s option's 85 %; 110 s: the 180 s option's 88 %; 290 s: 300 s, 90 %
    expect(payout()).toContain("85%");
    click(chips()[1]!);
    expect(payout()).toContain("88%");
    click(chips()[4]!);
    expect(payout()).toContain("90%");
  });

  it("moves on to the next time when the chosen one's cut-off passes, and back to durations on Duration", () => {
    renderAt(MINUTE + 10);
    click(modeButton("Time"));
    expect(chosen()).toBe("16:01");
    renderAt(MINUTE + 29);
    expect(chosen()).toBe("16:01");
    expect(chipTexts()[0]).toBe("16:01 0:01");
    renderAt(MINUTE + 31);
    expect(chosen()).toBe("16:02");
    expect(chipTexts()[0]).toBe("16:02 0:59");
    click(modeButton("Duration"));
    expect(chips()).toEqual([]);
    expect(payout()).toContain("80%");
  });

  it("names the modes in the customer's language", () => {
    renderAt(MINUTE + 10, "de");
    expect([...host.querySelectorAll(".tr-mode")].map((b) => b.textContent)).toEqual(["Dauer", "Uhrzeit"]);
  });
});
