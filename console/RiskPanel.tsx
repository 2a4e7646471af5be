import { Trans, useLingui } from "@lingui/react/macro";

import { api, call } from "./api";
import { DataTable, TableHead } from "./DataTable";
import { ago, when } from "./i18n";
import { addAmounts, amount } from "./product-figures";
import { useLoad } from "./use-load";
import { useOpsUpdates } from "./use-ops-updates";

/** An open market whose last tick is older than this is not being recorded. */
const STALE_SECONDS = 5;

const isStale = (row: { status: string; ageSeconds: number | null }) =>
  row.status === "open" && (row.ageSeconds === null || row.ageSeconds > STALE_SECONDS);

/** The dashboard's live part: what open orders could cost, and whether the feed and its job runner are alive. */
export function RiskPanel() {
  const { t } = useLingui();
  const { data, error, reload } = useLoad(() => call(api.risk));
  useOpsUpdates(["orders"], reload);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  return (
    <>
      <h2>
        <Trans>Open exposure</Trans>
      </h2>
      {data.exposure.length === 0 ? (
        <p className="hint">
          <Trans>No open orders.</Trans>
        </p>
      ) : (
        <table className="exposure">
          <TableHead
            columns={[
              { head: <Trans>Product</Trans> },
              { head: <Trans>Expires</Trans> },
              { head: <Trans>Open orders</Trans>, className: "amount" },
              { head: <Trans>Stakes held</Trans>, className: "amount" },
              { head: <Trans>Worst-case payout</Trans>, className: "amount" },
              { head: <Trans>Worst case for the platform</Trans>, className: "amount" },
              { head: <Trans>Worst settle price</Trans>, className: "amount" },
            ]}
          />
          {data.exposure.map((row) => (
            <tbody key={row.productId} data-testid={`exposure-${row.code}`}>
              <tr>
                <th scope="row">{row.code}</th>
                <td>
                  <Trans>all expiries</Trans>
                </td>
                <td className="amount">{row.orders}</td>
                <td className="amount">{amount(addAmounts(row.stakeUp, row.stakeDown))}</td>
                <td className="amount">
                  <strong>{amount(row.worstCasePayout)}</strong>
                </td>
                <td className="amount">
                  <NetFigure net={row.worstCaseNet} />
                </td>
                <td />
              </tr>
              {row.expiries.map((expiry) => (
                <tr key={expiry.expiresAt} className="expiry">
                  <td />
                  <td>{when(expiry.expiresAt)}</td>
                  <td className="amount">{expiry.orders}</td>
                  <td className="amount">{amount(expiry.stakes)}</td>
                  <td className="amount">{amount(expiry.worstCasePayout)}</td>
                  <td className="amount">
                    <NetFigure net={expiry.worstCaseNet} />
                  </td>
                  <td className="amount">{expiry.worstSettlePrice ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
      <h2>
        <Trans>Feed health</Trans>
      </h2>
      <p>
        {data.process.leader
          ? t`This process (pid ${data.process.pid}, ${data.process.database}) runs the jobs: feed, settlement, accrual.`
          : t`This process (pid ${data.process.pid}, ${data.process.database}) follows; another process runs the jobs.`}{" "}
        <button type="button" onClick={reload}>
          <Trans>Refresh</Trans>
        </button>
      </p>
      <DataTable
        className="feed"
        rows={data.feed}
        rowKey={(row) => row.productId}
        rowClass={(row) => (isStale(row) ? "drift" : undefined)}
        columns={[
          { head: <Trans>Product</Trans>, cell: (row) => row.code },
          {
            head: <Trans>Market</Trans>,
            cell: (row) => (row.status === "open" ? t`open` : row.status === "closed" ? t`closed` : t`outside trading hours`),
          },
          {
            head: <Trans>Last tick</Trans>,
            cellClass: (row) => (isStale(row) ? "error" : undefined),
            cell: (row) => (
              <>
                {row.ageSeconds === null ? t`no tick yet` : ago(row.ageSeconds)}
                {isStale(row) && ` — ${t`not recording`}`}
              </>
            ),
          },
        ]}
      />
    </>
  );
}

/** Worst-case payout beyond the stakes held: a loss only when it is one; otherwise what the platform keeps. */
function NetFigure({ net }: { net: string }) {
  const { t } = useLingui();
  const cents = Math.round(Number(net) * 100);
  if (cents > 0) return <span className="error">{t`loss ${amount(net)}`}</span>;
  return <span>{t`keeps ${amount(String(-cents / 100))}`}</span>;
}
