import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { DashboardHistory as History, HistoryDay } from "#contract/dashboard-history";

import { DashboardHistory } from "../../console/DashboardHistory";
import { historyChartOption, utcDate } from "../../console/history-chart";
import { renderInConsole } from "./console-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// what the chart is handed, without drawing it (happy-dom has no canvas)
const drawn = vi.hoisted(() => ({ options: [] as unknown[], disposed: 0 }));
vi.mock("echarts/core", () => ({
  use: () => undefined,
  init: () => ({
    setOption: (option: unknown) => drawn.options.push(option),
    resize: () => undefined,
    dispose: () => void drawn.disposed++,
  }),
}));

const DAY = 86_400;
// 2027-01-14 and 2027-01-15, 00:00 UTC
const FIRST = 1_800_000_000 - (1_800_000_000 % DAY) - DAY;

const day = (offset: number, figures: Partial<HistoryDay> = {}): HistoryDay => ({
  day: FIRST + offset * DAY,
  deposits: { count: 0, total: "0.00" },
  withdrawals: { count: 0, paid: "0.00", fee: "0.00" },
  fees: { orders: "0.00", withdrawals: "0.00", total: "0.00" },
  ordersProfit: "0.00",
  settledOrders: 0,
  newCustomers: 0,
  ...figures,
});

const answer: History = {
  days: 7,
  from: FIRST,
  to: FIRST + DAY + 3600,
  rows: [
    day(0, { deposits: { count: 2, total: "150.50" }, ordersProfit: "-25.00" }),
    day(1, { withdrawals: { count: 1, paid: "196.00", fee: "4.00" }, fees: { orders: "1.80", withdrawals: "4.00", total: "5.80" } }),
  ],
  topWinners: [{ userId: 7, account: "lucky", net: "201.50", orders: 2 }],
};

const labels = { deposits: "Deposits", withdrawals: "Withdrawals", fees: "Fees", profit: "P/L" };

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  drawn.options.length = 0;
});

describe("the history chart's option", () => {
  it("puts one UTC date per day on the x axis and each figure in its series", () => {
    const option = historyChartOption(answer.rows, labels);
    expect(option.xAxis.data).toEqual(["2027-01-14", "2027-01-15"]);
    expect(option.series.map((series) => [series.name, series.type, series.data])).toEqual([
      ["Deposits", "bar", [150.5, 0]],
      ["Withdrawals", "bar", [0, 196]],
      ["Fees", "line", [0, 5.8]],
      ["P/L", "line", [-25, 0]],
    ]);
  });

  it("names a day by its UTC date whatever the time zone of the browser", () => {
    expect(utcDate(FIRST)).toBe("2027-01-14");
    expect(utcDate(FIRST + DAY - 1)).toBe("2027-01-14");
  });
});

describe("the dashboard's history", () => {
  it("asks for the chosen range, says the days are UTC, and shows the chart, the table and the top winners", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        asked.push(new URL(request.url).search);
        return new Response(JSON.stringify({ code: 1, msg: "", data: answer }), { headers: { "content-type": "application/json" } });
      }),
    );
    const { host, root } = await renderInConsole(<DashboardHistory />, { id: 1, username: "fin", role: "finance", pending: null });
    // the chart's chunk is loaded lazily: let React render what it suspended on
    await act(async () => {
      await import("../../console/HistoryChart");
    });
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(host.querySelector('[data-testid="history-chart"]')).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    expect(asked).toEqual(["?days=7"]);
    expect(host.textContent).toContain("Days are UTC days");
    const rows = [...host.querySelectorAll('[data-testid="history-table"] tbody tr')].map((row) =>
      [...row.querySelectorAll("td")].map((cell) => cell.textContent),
    );
    // newest first
    expect(rows[0]).toEqual(["2027-01-15", "0.00 (0)", "196.00 (1)", "4.00", "1.80", "5.80", "0.00", "0"]);
    expect(rows[1]![0]).toBe("2027-01-14");
    expect(host.querySelector('[data-testid="top-winners"]')!.textContent).toContain("lucky");
    expect(drawn.options).toHaveLength(1);
    expect((drawn.options[0] as ReturnType<typeof historyChartOption>).xAxis.data).toEqual(["2027-01-14", "2027-01-15"]);
    // another range asks again
    const select = host.querySelector("select")!;
    await act(async () => {
      select.value = "30";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await vi.waitFor(() => expect(asked).toEqual(["?days=7", "?days=30"]));
    act(() => root.unmount());
    expect(drawn.disposed).toBeGreaterThan(0);
  });
});
