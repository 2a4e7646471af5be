import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { BalancePair, ReconcileReport } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { type Column, DataTable, TableHead } from "../DataTable";
import { money, when } from "../i18n";
import { Pager } from "../Pager";
import { useLoad } from "../use-load";

// practice is play money reconciled on its own: a column beside the real accounts, never added into them
type Account = "cash" | "coin" | "frozen" | "yuebao" | "practice";

const ACCOUNTS: Account[] = ["cash", "coin", "frozen", "yuebao", "practice"];

type ReconcileRow = ReconcileReport["rows"][number];

/** The ledger check (`npm run ops -- reconcile`) as a report: every balance beside the sum of its ledger rows. */
export function ReconcilePage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [onlyDrift, setOnlyDrift] = useState(false);
  const { data, error, reload } = useLoad(
    () => call(api.reconcileReport, { page: String(page), onlyDrift: onlyDrift ? "1" : "0" }),
    [page, onlyDrift],
  );
  const label: Record<Account, string> = {
    cash: t`Cash`,
    coin: t`Coin`,
    frozen: t`Frozen`,
    yuebao: t`Yuebao`,
    practice: t`Practice money`,
  };
  return (
    <section>
      <h1>
        <Trans>Reconcile</Trans>
      </h1>
      {error && <p className="error">{error}</p>}
      {data && (
        <>
          <p role="status" className={data.ok ? "notice" : "error"}>
            {data.ok ? (
              <Trans>
                Every balance equals the sum of its ledger rows (<Plural value={data.users} one="# user" other="# users" />, checked{" "}
                {when(data.at)}).
              </Trans>
            ) : (
              t`Users that differ from their ledger: ${data.drifting} of ${data.users}; negative balances: ${data.negativeBalances} (checked ${when(data.at)}).`
            )}
          </p>
          <p role="status" className={data.auditChain.ok ? "notice" : "error"} data-testid="audit-chain">
            {data.auditChain.ok
              ? t`The audit log's hash chain holds (${data.auditChain.rows} rows).`
              : t`The audit log's hash chain breaks in ${data.auditChain.broken} places: rows were removed or altered.`}
          </p>
          {data.auditChain.breaks.length > 0 && (
            <ul className="chain-breaks">
              {data.auditChain.breaks.map((item) => (
                <li key={item.id}>
                  {item.kind === "altered"
                    ? t`Row ${item.id} (place ${item.seq}) was altered after it was written.`
                    : t`Rows before row ${item.id} (place ${item.seq}) are missing.`}
                </li>
              ))}
            </ul>
          )}
          <h2>
            <Trans>Platform totals</Trans>
          </h2>
          <table className="totals">
            <TableHead
              columns={[
                {},
                { head: <Trans>Balances</Trans>, className: "amount" },
                { head: <Trans>Ledger sum</Trans>, className: "amount" },
                { head: <Trans>Difference</Trans>, className: "amount" },
              ]}
            />
            <tbody>
              {ACCOUNTS.map((account) => (
                <tr key={account} className={account === "practice" ? "practice-total" : undefined}>
                  <th>{label[account]}</th>
                  <PairCells pair={data.totals[account]} />
                </tr>
              ))}
            </tbody>
          </table>
          <p className="hint">
            <Trans>Practice money is play money: it is reconciled on its own and is not part of the real totals above.</Trans>
          </p>
        </>
      )}
      <div className="toolbar">
        <h2>
          <Trans>Per user</Trans>
        </h2>
        <label className="inline">
          <input
            type="checkbox"
            checked={onlyDrift}
            onChange={(event) => {
              setOnlyDrift(event.target.checked);
              setPage(1);
            }}
          />{" "}
          <Trans>Only users that differ</Trans>
        </label>
        <button type="button" onClick={reload}>
          <Trans>Run again</Trans>
        </button>
      </div>
      <DataTable
        className="reconcile"
        rows={data?.rows}
        rowKey={(row) => row.id}
        testId={(row) => `reconcile-${row.account}`}
        rowClass={(row) => (row.drift ? "drift" : undefined)}
        columns={[
          { head: "#", cell: (row) => row.id },
          { head: <Trans>Account</Trans>, cell: (row) => row.account },
          ...ACCOUNTS.map((account): Column<ReconcileRow> => ({
            head: <Trans>{label[account]}: balance / ledger</Trans>,
            className: "amount",
            cellClass: (row) => {
              const pair = row.accounts[account];
              return pair ? (pair.difference === "0.00" ? "amount" : "amount error") : undefined;
            },
            cell: (row) => {
              const pair = row.accounts[account];
              if (!pair) return "—";
              return (
                <>
                  {money(pair.balance)} / {money(pair.ledger)}
                  {pair.difference !== "0.00" && <div>Δ {money(pair.difference)}</div>}
                </>
              );
            },
          })),
        ]}
      />
      {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} />}
    </section>
  );
}

/** A platform total: balance, ledger sum and their difference (an account the answer lacks shows a dash). */
function PairCells({ pair }: { pair: BalancePair | undefined }) {
  if (!pair) return <td colSpan={3}>—</td>;
  return (
    <>
      <td className="amount">{money(pair.balance)}</td>
      <td className="amount">{money(pair.ledger)}</td>
      <td className={pair.difference === "0.00" ? "amount" : "amount error"}>{money(pair.difference)}</td>
    </>
  );
}
