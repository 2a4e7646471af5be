import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";

import { fetchOrderHistory } from "@/api/trading";
import { formatDateTime } from "@/i18n/format";
import { Empty } from "@/ui/Empty";
import { SignedMoney } from "@/ui/MarketText";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { PullToRefresh } from "@/ui/PullToRefresh";
import { useServerNow } from "@/ui/use-now";
import { quotesAtom, watchQuotes } from "@/workers/quotes";
import type { Order, OrderPage as OrderPageData } from "#contract/markets";
import { parseAmount, parsePrice, rateToBps } from "#contract/money";
import { orderProfit, orderResult } from "#contract/trading-math";

type Tab = "holding" | "history" | "follow";

const cents = (text: string | null) => Math.round(Number(text ?? 0) * 100);

function HoldingRow({ order, price, now }: { order: Order; price: string | undefined; now: number }) {
  const { t } = useLingui();
  const left = Math.max(0, Math.ceil(order.closeTime - now));
  const profit = price
    ? orderProfit(
        orderResult(order.direction, parsePrice(order.openPrice, order.precision), parsePrice(price, order.precision)),
        parseAmount(order.amount) ?? 0,
        rateToBps(order.payoutRate) ?? 0,
      )
    : 0;
  return (
    <li>
      <Link to="/pages/user/orderdetail" search={{ id: order.id }} className="order-row" data-testid="holding-order">
        <span className="order-main">
          <strong>{order.name}</strong> {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`}
        </span>
        <span className="order-sub">
          {order.amount} · {t`Open ${order.openPrice}`} · {left > 0 ? t`${left}s left` : t`Settling…`}
        </span>
        <SignedMoney cents={profit} />
      </Link>
    </li>
  );
}

function HistoryRow({ order }: { order: Order }) {
  const { t } = useLingui();
  const result = order.result ? { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[order.result] : "";
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
          <strong>{order.name}</strong> {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`} · {result}
        </span>
        <span className="order-sub">
          {order.openPrice} → {order.closePrice} · {formatDateTime(order.openTime)} → {formatDateTime(order.closeTime)}
        </span>
        <SignedMoney cents={cents(order.profit)} />
      </Link>
    </li>
  );
}

/** The Order tab: holding orders with countdowns and live profit or loss, history page by page. */
export function OrderPage({ holding, history, offlineSince }: { holding: Order[]; history: OrderPageData; offlineSince?: number }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>("holding");
  const [pages, setPages] = useState<Order[]>(history.items);
  const [page, setPage] = useState(history.page);
  const [loading, setLoading] = useState(false);
  const quotes = useAtomValue(quotesAtom);
  const now = useServerNow(500);

  // a refreshed history (pull to refresh, or coming back to the tab) starts again from its first page
  useEffect(() => {
    setPages(history.items);
    setPage(history.page);
  }, [history]);
  useEffect(() => watchQuotes([...new Set(holding.map((o) => o.pid))]), [holding]);

  async function more() {
    setLoading(true);
    const answer = await fetchOrderHistory(page + 1);
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
      <PullToRefresh>
        {tab === "holding" &&
          (holding.length === 0 ? (
            <Empty title={t`No holding orders`} text={t`Orders you place appear here until they settle.`} action={seeMarkets} />
          ) : (
            <ul className="order-list">
              {holding.map((order) => (
                <HoldingRow key={order.id} order={order} price={quotes[order.pid]?.price} now={now} />
              ))}
            </ul>
          ))}
        {tab === "history" &&
          (pages.length === 0 ? (
            <Empty
              title={t`No settled orders yet`}
              text={t`Settled orders are listed here with their open and close prices.`}
              action={seeMarkets}
            />
          ) : (
            <>
              <ul className="order-list">
                {pages.map((order) => (
                  <HistoryRow key={order.id} order={order} />
                ))}
              </ul>
              {pages.length < history.total && (
                <button type="button" className="button load-more" onClick={more} disabled={loading}>
                  {t`Load more`}
                </button>
              )}
            </>
          ))}
        {tab === "follow" && <Empty title={t`Follow orders`} text={t`Copy trading is in development.`} />}
      </PullToRefresh>
    </main>
  );
}
