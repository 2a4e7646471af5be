import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useMemo, useState } from "react";

import { HISTORY_RANGES, type HistoryRange } from "#contract/dashboard-history";

import { api, call } from "./api";
import { utcDate } from "./history-chart";
import { money } from "./i18n";
import { useLoad } from "./use-load";
import { useOpsUpdates } from "./use-ops-updates";

// echarts is the console's largest dependency: it loads with the dashboard's history, never with other pages
const HistoryChart = lazy(() => import("./HistoryChart"));

/**
 * The platform's money per UTC day over 7, 30 or 90 days, as a chart and a table, and the range's top winners.
 * Days are UTC days and the page says so: an operator's own time zone would move money between days.
 */
export function DashboardHistory() {
  const { t } = useLingui();
  const [days, setDays] = useState<HistoryRange>(7);
  const { data, error, reload } = useLoad(() => call(api.dashboardHistory, { days: String(days) }), [days]);
  useOpsUpdates(["recharge", "withdrawal", "orders"], reload);
  const labels = useMemo(
    () => ({ deposits: t`Deposits`, withdrawals: t`Withdrawals (what left)`, fees: t`Fee revenue`, profit: t`P/L on settled orders` }),
    [t],
  );
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">
        <Trans>Over time</Trans>
      </h2>
      <div className="toolbar">
        <label className="filter">
          <Trans>Range</Trans>
          <select value={days} onChange={(event) => setDays(Number(event.target.value) as HistoryRange)}>
            {HISTORY_RANGES.map((range) => (
              <option key={range} value={range}>
                {t`Last ${range} days`}
              </option>
            ))}
          </select>
        </label>
        <span className="hint">
          <Trans>Days are UTC days (00:00–24:00 UTC). Withdrawals count when approved, as what left after the fee.</Trans>
        </span>
      </div>
      {error && <p className="error">{error}</p>}
      {data && (
        <>
          <Suspense fallback={<p className="hint">{t`Loading…`}</p>}>
            <HistoryChart rows={data.rows} labels={labels} title={t`Money per UTC day`} />
          </Suspense>
          <table data-testid="history-table" className="history-table">
            <thead>
              <tr>
                <th>{t`Day (UTC)`}</th>
                <th>{labels.deposits}</th>
                <th>{labels.withdrawals}</th>
                <th>{t`Withdrawal fees`}</th>
                <th>{t`Order fees`}</th>
                <th>{labels.fees}</th>
                <th>{labels.profit}</th>
                <th>{t`New customers`}</th>
              </tr>
            </thead>
            <tbody>
              {[...data.rows].reverse().map((row) => (
                <tr key={row.day}>
                  <td>{utcDate(row.day)}</td>
                  <td>
                    {money(row.deposits.total)} ({row.deposits.count})
                  </td>
                  <td>
                    {money(row.withdrawals.paid)} ({row.withdrawals.count})
                  </td>
                  <td>{money(row.withdrawals.fee)}</td>
                  <td>{money(row.fees.orders)}</td>
                  <td>{money(row.fees.total)}</td>
                  <td>{money(row.ordersProfit)}</td>
                  <td>{row.newCustomers}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>
            <Trans>Top winners of the range</Trans>
          </h3>
          {data.topWinners.length === 0 ? (
            <p className="hint">
              <Trans>No customer won over the range.</Trans>
            </p>
          ) : (
            <table data-testid="top-winners" className="history-table">
              <thead>
                <tr>
                  <th>{t`Customer`}</th>
                  <th>{t`Net win (after fees)`}</th>
                  <th>{t`Settled orders`}</th>
                </tr>
              </thead>
              <tbody>
                {data.topWinners.map((winner) => (
                  <tr key={winner.userId}>
                    <td>{winner.account}</td>
                    <td>{money(winner.net)}</td>
                    <td>{winner.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
