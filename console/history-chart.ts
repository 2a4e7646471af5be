import type { HistoryDay } from "#contract/dashboard-history";

/** A day's start as the chart and table name it: the UTC date, so no operator's own time zone shifts a day. */
export const utcDate = (day: number) => new Date(day * 1000).toISOString().slice(0, 10);

export interface HistoryChartLabels {
  deposits: string;
  withdrawals: string;
  fees: string;
  profit: string;
}

/**
 * The chart of the dashboard's history: deposits and what left as bars, fee revenue and the P/L of settled
 * orders as lines, one point per UTC day. Amounts are the answer's decimal strings read as numbers for the
 * drawing only (a chart has no use for exact cents; the table beside it shows them exactly).
 */
export function historyChartOption(rows: HistoryDay[], labels: HistoryChartLabels) {
  const figure = (pick: (row: HistoryDay) => string) => rows.map((row) => Number(pick(row)));
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 32, bottom: 28 },
    tooltip: { trigger: "axis" as const },
    legend: { top: 0 },
    xAxis: { type: "category" as const, data: rows.map((row) => utcDate(row.day)) },
    yAxis: { type: "value" as const },
    series: [
      { name: labels.deposits, type: "bar" as const, data: figure((row) => row.deposits.total) },
      { name: labels.withdrawals, type: "bar" as const, data: figure((row) => row.withdrawals.paid) },
      { name: labels.fees, type: "line" as const, data: figure((row) => row.fees.total) },
      { name: labels.profit, type: "line" as const, data: figure((row) => row.ordersProfit) },
    ],
  };
}
