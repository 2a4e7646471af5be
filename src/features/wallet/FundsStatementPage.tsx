import "@/ui/filter-fields.css";
import "./funds.css";

import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { Empty } from "@/ui/Empty";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { PullToRefresh } from "@/ui/PullToRefresh";
import { FUNDS_KIND_WORDS, fundsKindWords } from "#contract/funds-kinds";
import { FUNDS_ACCOUNTS, FUNDS_KINDS, type FundsKind, type FundsLine, type FundsRecordLink, type FundsStatement } from "#contract/wallet";

import { fetchFundsCsv } from "./api";
import type { FundsSearch } from "./funds-filter";

interface Props {
  statement: FundsStatement;
  search: FundsSearch;
  offlineSince?: number;
  /** a new filter or page: the page's address changes, and the loader reads it */
  onSearch: (next: FundsSearch) => void;
}

/**
 * The funds statement: every movement of the customer's money across their balances, newest first, each with
 * its reason in words, the signed amount, the balance after it and a way to its record; narrowed by kind and
 * days; the period's opening and closing balances; and the filtered lines as a CSV file.
 */
export function FundsStatementPage({ statement, search, offlineSince, onSearch }: Props) {
  const { t, i18n } = useLingui();
  const amountText = useAmountFormat();
  const [downloading, setDownloading] = useState(false);
  const accountNames = { cash: t`Cash`, coin: t`Coin`, frozen: t`Frozen`, yuebao: t`Yuebao` };
  const unit = (account: string) => (account === "coin" ? t`coin` : "U");
  const wordsOf = (kind: string) => {
    const words = fundsKindWords(kind);
    return words ? i18n._(words) : t`Other`;
  };
  const filtered = Boolean(search.kind || search.from || search.to);
  // a new filter starts from the newest line again
  const setFilter = (change: Partial<FundsSearch>) => onSearch({ ...search, ...change, cursor: undefined });

  const download = async () => {
    setDownloading(true);
    try {
      const answer = await fetchFundsCsv(search);
      if ("file" in answer) saveFile(answer.file, answer.name);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <main className="page">
      <NavBar title={t`Funds records`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <PullToRefresh>
        <fieldset className="filter-fields funds-filters">
          <legend className="visually-hidden">{t`Filter the funds records`}</legend>
          <label className="funds-filter-kind">
            <span>{t`Kind`}</span>
            <select
              value={search.kind ?? ""}
              onChange={(event) => setFilter({ kind: (event.target.value || undefined) as FundsKind | undefined })}
              data-testid="funds-kind"
            >
              <option value="">{t`All kinds`}</option>
              {FUNDS_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {i18n._(FUNDS_KIND_WORDS[kind])}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t`From`}</span>
            <input
              type="date"
              value={search.from ?? ""}
              max={search.to || undefined}
              onChange={(event) => setFilter({ from: event.target.value || undefined })}
              data-testid="funds-from"
            />
          </label>
          <label>
            <span>{t`To`}</span>
            <input
              type="date"
              value={search.to ?? ""}
              min={search.from || undefined}
              onChange={(event) => setFilter({ to: event.target.value || undefined })}
              data-testid="funds-to"
            />
          </label>
          {filtered && (
            <button type="button" className="button button-small" onClick={() => onSearch({})}>
              {t`Clear filters`}
            </button>
          )}
        </fieldset>

        <section className="funds-balances" aria-label={t`Balances for the period`} data-testid="funds-balances">
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Balance`}</th>
                <th scope="col">{t`Opening`}</th>
                <th scope="col">{t`Closing`}</th>
              </tr>
            </thead>
            <tbody>
              {FUNDS_ACCOUNTS.map((account) => (
                <tr key={account} data-account={account}>
                  <th scope="row">{accountNames[account]}</th>
                  <td>
                    {amountText(statement.balances[account].opening)} {unit(account)}
                  </td>
                  <td>
                    {amountText(statement.balances[account].closing)} {unit(account)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <div className="funds-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() => void download()}
            disabled={downloading || offlineSince !== undefined}
            data-testid="funds-csv"
          >
            {t`Download CSV`}
          </button>
        </div>

        {statement.items.length === 0 ? (
          <Empty title={filtered ? t`No funds records match these filters` : t`No funds records yet`} />
        ) : (
          <ul className="record-list" data-testid="funds-records">
            {statement.items.map((line) => (
              <li key={line.id} className="record funds-line" data-kind={line.kind}>
                <RecordLink record={line.record}>
                  <span className="record-line">
                    <strong>{wordsOf(line.kind)}</strong>
                    <span className={line.amount.startsWith("-") ? "amount-down" : "amount-up"} data-testid="funds-amount">
                      {line.amount.startsWith("-") ? "" : "+"}
                      {amountText(line.amount)} {unit(line.account)}
                    </span>
                  </span>
                  <span className="record-line record-sub">
                    <span>
                      {accountNames[line.account]} · {formatDateTime(line.time)}
                    </span>
                    <span>{t`Balance ${amountText(line.balanceAfter)} ${unit(line.account)}`}</span>
                  </span>
                  {line.note && <span className="record-sub">{t`Reason: ${line.note}`}</span>}
                </RecordLink>
              </li>
            ))}
          </ul>
        )}

        {(statement.previous || statement.next) && (
          <nav className="funds-pager" aria-label={t`Pages`}>
            <button
              type="button"
              className="button button-small"
              disabled={!statement.previous}
              onClick={() => onSearch({ ...search, cursor: statement.previous ?? undefined })}
            >
              {t`Newer`}
            </button>
            <button
              type="button"
              className="button button-small"
              disabled={!statement.next}
              onClick={() => onSearch({ ...search, cursor: statement.next ?? undefined })}
            >
              {t`Older`}
            </button>
          </nav>
        )}
      </PullToRefresh>
    </main>
  );
}

/** The page where the record behind a line is shown; a line with none is plain text. */
function RecordLink({ record, children }: { record: FundsLine["record"]; children: ReactNode }) {
  const target = record ? recordTarget(record) : null;
  if (!target) return <div className="funds-line-body">{children}</div>;
  return target(<>{children}</>);
}

type Wrap = (children: ReactNode) => ReactNode;

/** Each kind of record opens where the customer already finds it: the order itself, or its record list. */
function recordTarget(record: FundsRecordLink): Wrap {
  const props = { className: "funds-line-body" };
  switch (record.type) {
    case "order":
      return (children) => (
        <Link to="/pages/user/orderdetail" search={{ id: record.id }} {...props}>
          {children}
        </Link>
      );
    case "recharge":
      return (children) => (
        <Link to="/pages/user/rechargerecord" {...props}>
          {children}
        </Link>
      );
    case "withdrawal":
      return (children) => (
        <Link to="/pages/user/cashrecord" {...props}>
          {children}
        </Link>
      );
    case "exchange":
      return (children) => (
        <Link to="/pages/user/wallet" {...props}>
          {children}
        </Link>
      );
    case "subscription":
      return (children) => (
        <Link to="/pages/user/finance" {...props}>
          {children}
        </Link>
      );
    case "bonus":
      return (children) => (
        <Link to="/pages/user/invite" {...props}>
          {children}
        </Link>
      );
    case "signin":
      return (children) => (
        <Link to="/pages/user/activityCenter" {...props}>
          {children}
        </Link>
      );
    case "adjustment":
      // the customer was sent a message with the adjustment's reason
      return (children) => (
        <Link to="/pages/user/message" {...props}>
          {children}
        </Link>
      );
  }
}

/** Hands a fetched file to the browser as a download. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
