import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";

import { changePct, ChangeText, StatusBadge } from "@/ui/MarketText";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { useServerNow } from "@/ui/use-now";
import { useOnline } from "@/ui/use-online";
import { primeQuotes, quotesAtom, watchQuotes } from "@/workers/quotes";
import {
  type Candle,
  type Direction,
  type Goods,
  type Order,
  type Period,
  PERIODS,
  type ProductDetail,
  QUOTE_STALE_SECONDS,
} from "#contract/markets";

import { fetchBalance } from "./api";
import { type EntryLine, KlineChart } from "./KlineChart";
import { OrderProgress } from "./OrderProgress";

// the ticket is not needed to draw the screen: it loads on the first Buy (the service worker has it precached)
const OrderTicket = lazy(() => import("./OrderTicket").then((module) => ({ default: module.OrderTicket })));

interface Props {
  detail: ProductDetail;
  candles: Candle[];
  goods: Goods;
  holding: Order[];
  period: Period;
  /** set when the screen is a saved copy read offline */
  offlineSince?: number;
}

/** The trading screen: live header, K-line with entry lines, the user's orders here, and the ticket. */
export function TradePage({ detail, candles, goods, holding, period, offlineSince }: Props) {
  const { t } = useLingui();
  const live = useAtomValue(quotesAtom)[detail.id];
  const now = useServerNow(500);
  const online = useOnline();
  const [ticket, setTicket] = useState<Direction | null>(null);
  const [placed, setPlaced] = useState<Order[]>([]);
  const [balance, setBalance] = useState(goods.balance);
  const router = useRouter();

  useEffect(() => setBalance(goods.balance), [goods.balance]);
  // an order takes stake and fee, a settlement pays back: the ticket reads the cash again, and pages kept from
  // earlier visits (Mine, the wallet) are dropped so they load the new balance when opened
  const refreshBalance = useCallback(async () => {
    router.clearCache();
    const fresh = await fetchBalance(detail.id);
    if (fresh !== undefined) setBalance(fresh);
  }, [router, detail.id]);

  useEffect(() => primeQuotes([detail]), [detail]);
  useEffect(() => watchQuotes([detail.id]), [detail.id]);

  const price = live?.price ?? detail.price;
  const status = live?.status ?? detail.status;
  const quoteTime = live?.time ?? detail.time;
  const age = Math.max(0, Math.floor(now - quoteTime));
  const stale = age > QUOTE_STALE_SECONDS;
  const high = Math.max(Number(detail.high), Number(price)).toFixed(detail.precision);
  const low = Math.min(Number(detail.low), Number(price)).toFixed(detail.precision);
  const tick = useMemo(() => (live ? { time: live.time, price: Number(live.price) } : null), [live]);
  const orders = useMemo(() => {
    const placedIds = new Set(placed.map((o) => o.id));
    return [...placed, ...holding.filter((o) => !placedIds.has(o.id))];
  }, [placed, holding]);
  // entry lines change when orders open or expire: recomputed every 5 s, not on every clock tick
  const fiveSeconds = Math.floor(now / 5) * 5;
  const entries: EntryLine[] = useMemo(
    () =>
      orders
        .filter((o) => o.status === "holding" && o.closeTime > fiveSeconds)
        .map((o) => ({ price: Number(o.openPrice), direction: o.direction, label: `${o.direction === "up" ? "▲" : "▼"} ${o.amount}` })),
    [orders, fiveSeconds],
  );
  const periodLabels: Record<Period, string> = { "1m": t`1m`, "5m": t`5m`, "15m": t`15m`, "30m": t`30m`, "1h": t`1h`, "1d": t`1d` };

  return (
    <main className="page page-trade">
      <NavBar title={detail.name} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="trade-header" aria-label={t`Quote`}>
        <div className="trade-price-row">
          <span className="trade-price" data-testid="trade-price">
            {price}
          </span>
          <ChangeText pct={changePct(price, detail.prevClose)} />
          <StatusBadge status={status} />
        </div>
        <p className="trade-meta">
          {t`High ${high}`} · {t`Low ${low}`} · <span className="simulated">{t`Simulated prices`}</span>
        </p>
        <p className="trade-meta" data-testid="quote-age">
          {stale ? t`Quotes delayed: last update ${age}s ago` : t`Updated ${age}s ago`}
        </p>
      </section>
      <nav className="tabs" aria-label={t`Chart period`}>
        {PERIODS.map((p) => (
          <Link
            key={p}
            to="/pages/trade/trade"
            search={{ pid: detail.id, period: p }}
            replace
            className="tab-chip"
            aria-current={p === period ? "true" : undefined}
          >
            {periodLabels[p]}
          </Link>
        ))}
      </nav>
      <KlineChart candles={candles} period={period} precision={detail.precision} tick={tick} entries={entries} />
      {orders.length > 0 && (
        <section className="trade-orders" aria-label={t`Your orders on this product`}>
          {orders.map((order) => (
            <OrderProgress key={order.id} order={order} quote={live} onSettled={refreshBalance} />
          ))}
        </section>
      )}
      <p className="follow-note">
        <Trans>Follow orders (copy trading): in development.</Trans>
      </p>
      <div className="trade-actions">
        <button type="button" className="button button-up" onClick={() => setTicket("up")}>
          ▲ {t`Buy up`}
        </button>
        <button type="button" className="button button-down" onClick={() => setTicket("down")}>
          ▼ {t`Buy down`}
        </button>
      </div>
      {ticket && (
        <Suspense fallback={null}>
          <OrderTicket
            goods={goods}
            balance={balance}
            direction={ticket}
            status={status}
            stale={stale}
            online={online}
            onClose={() => setTicket(null)}
            onPlaced={(order) => {
              setPlaced((current) => [order, ...current]);
              setTicket(null);
              void refreshBalance();
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
