import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useState } from "react";

import { liveChange, settledChange, stillHolding } from "@/api/order-figures";
import { fetchEveryHoldingOrder, fetchOrderHistory } from "@/api/trading";
import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { AccountSwitch, PracticeBadge } from "@/ui/AccountSwitch";
import { Empty } from "@/ui/Empty";
import { SignedMoney } from "@/ui/MarketText";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { PullToRefresh } from "@/ui/PullToRefresh";
import { useDurationFormat } from "@/ui/time-format";
import { useTradeAccount } from "@/ui/trade-account";
import { useServerNow } from "@/ui/use-now";
import { quotesAtom, watchQuotes } from "@/workers/quotes";
import type { Order, OrderAccount, OrderPage as OrderPageData } from "#contract/trading";

import { type HistoryFilterForm, HistoryFilters, NO_FILTER, toRequest } from "./HistoryFilters";
import { resultDueAt, secondsToResult } from "./pending-result";
import { PendingResultText } from "./PendingResult";
import { StatementView } from "./StatementView";
import { useResultNotices } from "./use-result-notices";
import { useSettlementWatch } from "./use-settlement-watch";
import { useVoidText } from "./void-text";

type Tab = "holding" | "history" | "statement" | "follow";

/** How often expired orders are checked against the server: a settled one leaves "Settling…" within two seconds. */
const SETTLE_POLL_MS = 1000;

function HoldingRow({ order, price, now }: { order: Order; price: string | undefined; now: number }) {
  const { t } = useLingui();
  const amountText = useAmountFormat();
  const left = Math.max(0, Math.ceil(order.closeTime - now));
  const waiting = secondsToResult(order, now);
  const duration = useDurationFormat();
  const remaining = duration(left);
  const change = liveChange(order, price, now);
  return (
    <li>
      <Link to="/pages/user/orderdetail" search={{ id: order.id }} className="order-row" data-testid="holding-order">
        <span className="order-main">
          <strong>{order.name}</strong> {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`}{" "}
          {order.account === "practice" && <PracticeBadge />}
        </span>
        <span className="order-sub">
          {amountText(order.amount)} U · {t`Open ${order.openPrice}`} ·{" "}
          {left > 0 ? (
            t`${remaining} left`
          ) : waiting !== null ? (
            <span data-testid="holding-pending">
              <PendingResultText seconds={waiting} />
            </span>
          ) : (
            t`Settling…`
          )}
        </span>
        {change === null ? <span /> : <SignedMoney cents={change} />}
      </Link>
    </li>
  );
}

function HistoryRow({ order }: { order: Order }) {
  const { t } = useLingui();
  const voided = useVoidText(order);
  const result = voided ? voided.label : order.result ? { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[order.result] : "";
  return (
    <li>
      <Link
        to="/pages/user/orderdetail"
        search={{ id: order.id }}
        className="order-row"
        data-testid="history-order"
        data-order-id={order.id}
      >
        <span className="order-main">
          <strong>{order.name}</strong> {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`} · {result}{" "}
          {order.account === "practice" && <PracticeBadge />}
        </span>
        <span className="order-sub">
          {order.openPrice} → {order.closePrice ?? "—"} · {formatDateTime(order.openTime)} → {formatDateTime(order.closeTime)}
        </span>
        <SignedMoney cents={settledChange(order) ?? 0} />
      </Link>
      {/* beside the row, not inside it: a link in a link is no link for a screen reader */}
      <Link to="/pages/user/orderverify" search={{ id: order.id }} className="order-verify" data-testid="history-verify">
        {t`Verify`}
      </Link>
    </li>
  );
}

/** The Order tab: holding orders with countdowns and live profit or loss, history page by page. */
export function OrderPage({
  holding,
  history,
  offlineSince,
  userId,
  recharged,
}: {
  /** the holding orders of both accounts */
  holding: Order[];
  history: OrderPageData;
  offlineSince?: number;
  userId: number;
  /** whether a recharge was ever approved: the lists open on the account the trade screen would */
  recharged?: boolean;
}) {
  const { t } = useLingui();
  // the lists show one account at a time, opening on the one traded with; switching here changes only the lists
  const trading = useTradeAccount(userId, recharged).account;
  const [account, setAccount] = useState<OrderAccount>(trading);
  const [tab, setTab] = useState<Tab>("holding");
  const [pages, setPages] = useState<Order[]>(history.items);
  const [page, setPage] = useState(history.page);
  const [total, setTotal] = useState(history.total);
  const [loading, setLoading] = useState(false);
  const [filter, setFilter] = useState<HistoryFilterForm>(NO_FILTER);
  const quotes = useAtomValue(quotesAtom);
  const now = useServerNow(500);
  const router = useRouter();
  // orders the server has settled since the list was loaded: they leave the holding list before the reload lands
  const [settledIds, setSettledIds] = useState<ReadonlySet<number>>(new Set());
  const shown = stillHolding(
    holding.filter((o) => (o.account ?? "real") === account),
    settledIds,
  );
  // asked about once each one's result is due (its minute's reveal), not each second it waits for it
  const expired = shown.filter((o) => resultDueAt(o) <= now).map((o) => o.id);
  const notices = useResultNotices(userId, holding, offlineSince === undefined);

  // an order the server settled leaves the holding list: the page reloads (history, balance) instead of showing
  // "Settling…" until the user pulls to refresh, and tells the customer by a system notice if they look elsewhere.
  // The update stream says when; without it, the holding list is asked for while an order's time is up.
  const checkSettled = useCallback(
    async (ids: number[]) => {
      const answer = await fetchEveryHoldingOrder({ quiet: true });
      if (answer.code !== 1) return;
      const open = new Set(answer.data.map((o) => o.id));
      const done = ids.filter((id) => !open.has(id));
      if (done.length === 0) return;
      setSettledIds((current) => new Set([...current, ...done]));
      void notices.settledIds(done);
      await router.invalidate();
    },
    [router, notices],
  );
  useSettlementWatch(
    shown.map((o) => o.id),
    expired,
    checkSettled,
    SETTLE_POLL_MS,
  );

  // a refreshed history (pull to refresh, or coming back to the tab) starts again from its first page; with
  // filters set, the server is asked for their first page instead
  const request = useCallback(
    (form: HistoryFilterForm) => ({ ...toRequest(form), ...(account === "practice" ? { account } : {}) }),
    [account],
  );
  const filtered = JSON.stringify(request(filter));
  useEffect(() => {
    const asked = JSON.parse(filtered) as ReturnType<typeof toRequest>;
    if (Object.keys(asked).length === 0) {
      setPages(history.items);
      setPage(history.page);
      setTotal(history.total);
      return;
    }
    let current = true;
    setLoading(true);
    void fetchOrderHistory(1, asked).then((answer) => {
      if (!current) return;
      setLoading(false);
      if (answer.code !== 1) return;
      setPages(answer.data.items);
      setPage(answer.data.page);
      setTotal(answer.data.total);
    });
    return () => {
      current = false;
    };
  }, [history, filtered]);
  useEffect(() => watchQuotes([...new Set(holding.map((o) => o.pid))]), [holding]);

  async function more() {
    setLoading(true);
    const answer = await fetchOrderHistory(page + 1, request(filter));
    setLoading(false);
    if (answer.code === 1) {
      setPages((current) => [...current, ...answer.data.items]);
      setPage(answer.data.page);
    }
  }

  const seeMarkets = (
    <Link to="/" className="button button-primary">
      <Trans>See the markets</Trans>
    </Link>
  );
  const tabs: Array<[Tab, string]> = [
    ["holding", t`Holding`],
    ["history", t`History`],
    ["statement", t`Statement`],
    ["follow", t`Follow orders`],
  ];
  return (
    <main className="page page-tab">
      <h1 className="page-title">{t`Orders`}</h1>
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <div className="tabs" role="tablist" aria-label={t`Orders`}>
        {tabs.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className="tab-chip" onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      {(tab === "holding" || tab === "history") && (
        <div className="orders-account">
          <AccountSwitch account={account} onChange={setAccount} />
        </div>
      )}
      <PullToRefresh>
        {tab === "holding" &&
          (shown.length === 0 ? (
            <Empty title={t`No holding orders`} text={t`Orders you place appear here until they settle.`} action={seeMarkets} />
          ) : (
            <ul className="order-list">
              {shown.map((order) => (
                <HoldingRow key={order.id} order={order} price={quotes[order.pid]?.price} now={now} />
              ))}
            </ul>
          ))}
        {tab === "history" && <HistoryFilters value={filter} onChange={setFilter} />}
        {tab === "history" &&
          (pages.length === 0 ? (
            Object.keys(toRequest(filter)).length === 0 ? (
              <Empty
                title={t`No settled orders yet`}
                text={t`Settled orders are listed here with their open and close prices.`}
                action={seeMarkets}
              />
            ) : (
              <Empty title={t`No orders match`} text={t`No settled order matches these filters.`} />
            )
          ) : (
            <>
              <ul className="order-list">
                {pages.map((order) => (
                  <HistoryRow key={order.id} order={order} />
                ))}
              </ul>
              {pages.length < total && (
                <button type="button" className="button load-more" onClick={more} disabled={loading}>
                  {t`Load more`}
                </button>
              )}
            </>
          ))}
        {tab === "statement" && <StatementView />}
        {tab === "follow" && <Empty title={t`Follow orders`} text={t`Copy trading is in development.`} />}
      </PullToRefresh>
    </main>
  );
}
