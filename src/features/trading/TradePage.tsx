import "./trade.css";

import { useLingui } from "@lingui/react/macro";
import { Link, useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";

import { fetchOrder } from "@/api/trading";
import { useAmountFormat } from "@/i18n/format";
import { goBack } from "@/ui/back";
import { FavouriteStar } from "@/ui/FavouriteStar";
import { BackIcon } from "@/ui/Icons";
import { StatusBadge } from "@/ui/MarketText";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { PriceSource } from "@/ui/PriceSource";
import { noticePermission } from "@/ui/result-notices";
import { useServerNow } from "@/ui/use-now";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import { primeQuotes, quotesAtom, watchQuotes } from "@/workers/quotes";
import { type Candle, type Goods, type Period, PERIODS, type ProductDetail, QUOTE_STALE_SECONDS } from "#contract/markets";
import { type Direction, type Order } from "#contract/trading";

import { fetchBalance, fetchKlinePage, submitOrder } from "./api";
import { readConfirmEachOrder, writeConfirmEachOrder } from "./confirm-setting";
import { type ChartOrder, type ChartType, type ClosedChartOrder, KlineChart, type LoadCandles, type Studies } from "./KlineChart";
import { markNoticeOffered, noticeOfferDue } from "./notice-offer";
import { NoticeOffer } from "./NoticeOffer";
import { useProblemText } from "./problem-text";
import { type TicketFigures, ticketFigures } from "./ticket-figures";
import { type Requote, secondsText, TradeBar } from "./TradeBar";
import { useResultNotices } from "./use-result-notices";
import { useScrollRow } from "./use-scroll-row";
import { useSettlementWatch } from "./use-settlement-watch";

// the confirm sheet is not needed to draw the screen, nor at all once "confirm each order" is off
const OrderConfirm = lazy(() => import("./OrderConfirm").then((module) => ({ default: module.OrderConfirm })));
// nor is a settled order's result, which comes a while after the first order (the worker has it precached)
const ResultBubble = lazy(() => import("./ResultBubble").then((module) => ({ default: module.ResultBubble })));

interface Props {
  detail: ProductDetail;
  candles: Candle[];
  goods: Goods;
  holding: Order[];
  period: Period;
  userId: number;
  /** set when the screen is a saved copy read offline */
  offlineSince?: number;
}

const VIEW_KEY = "trade-chart-view";
/** How many orders settled on this screen keep their entry and exit marked on the chart. */
const CLOSED_MARKED = 5;
function readView(): { chartType: ChartType; studies: Studies } {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? "{}") as Partial<{ chartType: ChartType } & Studies>;
    return { chartType: saved.chartType === "line" ? "line" : "candles", studies: { ma: saved.ma === true, boll: saved.boll === true } };
  } catch {
    return { chartType: "candles", studies: { ma: false, boll: false } };
  }
}

/** The trading screen: header with the live price and balance, the chart with the orders on it, the trade bar. */
export function TradePage({ detail, candles, goods, holding, period, userId, offlineSince }: Props) {
  const { t } = useLingui();
  const money = useAmountFormat();
  const live = useAtomValue(quotesAtom)[detail.id];
  const now = useServerNow(500);
  const second = Math.floor(now);
  const online = useOnline();
  const router = useRouter();
  const [balance, setBalance] = useState(goods.balance);
  const [view, setView] = useState(readView);
  const [amount, setAmount] = useState("100");
  const [seconds, setSeconds] = useState(goods.options[0]?.seconds ?? 0);
  const [confirmEach, setConfirmEach] = useState(() => readConfirmEachOrder(userId));
  const [sheet, setSheet] = useState<Direction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requote, setRequote] = useState<Requote | null>(null);
  const [placed, setPlaced] = useState<Order[]>([]);
  const [settled, setSettled] = useState<Order[]>([]);
  // orders voided and refunded while on this screen (the Order tab shows them with the reason)
  const [voided, setVoided] = useState<ReadonlySet<number>>(new Set());
  const [offerNotices, setOfferNotices] = useState(false);
  const { submit, busy } = useSubmit();

  useEffect(() => setBalance(goods.balance), [goods.balance]);
  useEffect(() => primeQuotes([detail]), [detail]);
  useEffect(() => watchQuotes([detail.id]), [detail.id]);
  useEffect(() => {
    try {
      localStorage.setItem(VIEW_KEY, JSON.stringify({ chartType: view.chartType, ...view.studies }));
    } catch {
      // storage refused: the view lasts for this visit
    }
  }, [view]);

  // an order takes stake and fee, a settlement pays back: the balance is read again, and pages kept from
  // earlier visits (Mine, the wallet) are dropped so they load the new balance when opened
  const refreshBalance = useCallback(async () => {
    router.clearCache();
    const fresh = await fetchBalance(detail.id);
    if (fresh !== undefined) setBalance(fresh);
  }, [router, detail.id]);

  const price = live?.price ?? detail.price;
  const status = live?.status ?? detail.status;
  const quoteTime = live?.time ?? detail.time;
  // the server says so when a real source has gone silent; an old quote is stale either way
  const stale = (live?.stale ?? detail.stale) || Math.max(0, Math.floor(now - quoteTime)) > QUOTE_STALE_SECONDS;
  // `at`: when the quote reached the screen, so the chart's tick → pixels time counts React's render too
  const tick = useMemo(() => (live ? { time: live.time, price: Number(live.price), at: performance.now() } : null), [live]);
  const loadCandles: LoadCandles = useCallback((bound, limit) => fetchKlinePage(detail.id, period, bound, limit), [detail.id, period]);
  // the price's colour says which way the last tick went; it keeps that colour while the price stands still
  const previous = useRef({ price, move: "flat" as "up" | "down" | "flat" });
  if (price !== previous.current.price) {
    const move = Number(price) > Number(previous.current.price) ? "up" : "down";
    previous.current = { price, move };
  }
  const move = previous.current.move;

  const settledIds = useMemo(() => new Set(settled.map((o) => o.id)), [settled]);
  const open = useMemo(() => {
    const placedIds = new Set(placed.map((o) => o.id));
    return [...placed, ...holding.filter((o) => !placedIds.has(o.id))].filter(
      (o) => o.status === "holding" && !settledIds.has(o.id) && !voided.has(o.id),
    );
  }, [placed, holding, settledIds, voided]);
  const chartOrders: ChartOrder[] = useMemo(
    () =>
      open.map((o) => ({
        id: o.id,
        direction: o.direction,
        openPrice: Number(o.openPrice),
        openTime: o.openTime,
        closeTime: o.closeTime,
        label: `${o.direction === "up" ? "▲" : "▼"} ${money(o.amount)}`,
      })),
    [open, money],
  );

  // a saved copy's holding orders may have settled long ago: only a live screen's count as seen holding
  const notices = useResultNotices(userId, open, offlineSince === undefined);

  // an order the server settled: its result and the new balance (and, while the customer looks elsewhere, a
  // system notice); the update stream says when, or without it the orders whose time is up are asked for each second
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const takeSettled = useCallback(
    async (ids: number[]) => {
      for (const id of ids) {
        const answer = await fetchOrder(id);
        if (!mounted.current || answer.code !== 1 || answer.data.status === "holding") continue;
        if (answer.data.status === "void") {
          // refunded, not settled: it leaves the chart and the balance is read again, with no result to announce
          setVoided((current) => new Set(current).add(id));
          void refreshBalance();
          continue;
        }
        setSettled((current) => (current.some((o) => o.id === id) ? current : [...current, answer.data]));
        notices.settled([answer.data]);
        if ("vibrate" in navigator) navigator.vibrate(answer.data.result === "win" ? [40, 60, 40] : 120);
        void refreshBalance();
      }
    },
    [refreshBalance, notices],
  );
  useSettlementWatch(
    open.map((o) => o.id),
    open.filter((o) => o.closeTime <= second).map((o) => o.id),
    takeSettled,
    1000,
  );
  // the last few settled here keep their entry and exit marked on the chart after the result has gone
  const closedOrders: ClosedChartOrder[] = useMemo(
    () =>
      settled.slice(-CLOSED_MARKED).map((o) => ({
        id: o.id,
        openPrice: Number(o.openPrice),
        openTime: o.openTime,
        closePrice: Number(o.closePrice ?? o.openPrice),
        closeTime: o.closeTime,
        result: o.result ?? "tie",
      })),
    [settled],
  );
  const [dismissed, setDismissed] = useState<Set<number>>(new Set());
  const result = settled.filter((o) => !dismissed.has(o.id)).at(-1);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setDismissed((current) => new Set(current).add(result.id)), 8000);
    return () => clearTimeout(timer);
  }, [result]);

  const figures: TicketFigures = ticketFigures(goods, seconds, amount, balance);
  const problemText = useProblemText(figures.problem);
  const blocked = !online
    ? t`You are offline. Orders need a connection and are never queued.`
    : status === "closed"
      ? t`The market is closed.`
      : status === "not_trading_time"
        ? t`Not trading time for this product.`
        : stale
          ? t`Quotes are delayed, so orders are paused until prices arrive again.`
          : null;

  // the chosen settlement time as a line on the chart, while an order could be placed
  const preview = useMemo(
    () => (blocked === null && seconds > 0 ? { closeTime: second + seconds, label: secondsText(seconds) } : null),
    [blocked, seconds, second],
  );

  function changeAmount(next: string) {
    setAmount(next);
    setRefusal(null);
    setRequote(null);
  }

  function changeConfirmEach(on: boolean) {
    setConfirmEach(on);
    writeConfirmEachOrder(userId, on);
  }

  /** Sends the order with the price the customer saw (the requote's when retrying one). */
  async function place(direction: Direction, shown: string) {
    if (blocked || figures.problem) return;
    setRefusal(null);
    setRequote(null);
    await submit(
      { pid: String(detail.id), direction, seconds: String(seconds), amount },
      (fields) => submitOrder({ ...fields, price: shown }),
      {
        // the placed order on the chart and the new balance say it went through
        toast: false,
        onSuccess: (order) => {
          setPlaced((current) => [order, ...current]);
          setSheet(null);
          if ("vibrate" in navigator) navigator.vibrate(30);
          void refreshBalance();
          if (noticeOfferDue(userId, noticePermission())) {
            markNoticeOffered(userId);
            setOfferNotices(true);
          }
        },
        onRefusal: (answer) => {
          if (answer.err === "price_moved" && answer.values?.price) setRequote({ direction, price: answer.values.price });
          else setRefusal(answer.msg);
        },
      },
    );
  }

  function trade(direction: Direction, requoted?: string) {
    if (confirmEach && requoted === undefined) {
      setRequote(null);
      setRefusal(null);
      setSheet(direction);
      return;
    }
    void place(direction, requoted ?? price);
  }

  // over the chart's foot, so the chart keeps its size
  const offer = offerNotices && <NoticeOffer userId={userId} onDone={() => setOfferNotices(false)} />;

  const periodLabels: Record<Period, string> = { "1m": t`1m`, "5m": t`5m`, "15m": t`15m`, "30m": t`30m`, "1h": t`1h`, "1d": t`1d` };
  const periodsRow = useRef<HTMLElement>(null);
  useScrollRow(periodsRow, period);
  const toggle = (key: keyof Studies) => setView((v) => ({ ...v, studies: { ...v.studies, [key]: !v.studies[key] } }));

  return (
    <main className="page-trade-screen">
      <header className="tr-head">
        <button type="button" className="tr-back" aria-label={t`Back`} onClick={() => goBack(router)}>
          <BackIcon />
        </button>
        <div className="tr-product">
          <h1 className="tr-name">
            <span className="tr-name-text">{detail.name}</span>
            <StatusBadge status={status} opensAt={(live ? live.nextOpen : detail.nextOpen) ?? null} />
          </h1>
          <span className={`tr-price tr-price-${move}`} data-testid="trade-price" data-move={move}>
            {price}
          </span>
        </div>
        <FavouriteStar pid={detail.id} name={detail.name} />
        <div className="tr-balance">
          <span className="tr-caption">{t`Balance`}</span>
          <strong data-testid="trade-balance">{balance === null ? "—" : money(balance)}</strong>
        </div>
      </header>
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <div className="tr-tools">
        <nav className="tr-periods" aria-label={t`Chart period`} ref={periodsRow}>
          {PERIODS.map((p) => (
            <Link
              key={p}
              to="/pages/trade/trade"
              search={{ pid: detail.id, period: p }}
              replace
              className="tr-chip"
              aria-current={p === period ? "true" : undefined}
            >
              {periodLabels[p]}
            </Link>
          ))}
        </nav>
        <div className="tr-view" role="group" aria-label={t`Chart type`}>
          <button
            type="button"
            className="tr-chip"
            aria-pressed={view.chartType === "line"}
            onClick={() => setView((v) => ({ ...v, chartType: v.chartType === "line" ? "candles" : "line" }))}
            aria-label={view.chartType === "line" ? t`Candles` : t`Line`}
            title={view.chartType === "line" ? t`Candles` : t`Line`}
            data-testid="chart-type"
          >
            {view.chartType === "line" ? <CandlesIcon /> : <LineIcon />}
          </button>
          <button type="button" className="tr-chip" aria-pressed={view.studies.ma} onClick={() => toggle("ma")} title={t`Moving average`}>
            MA
          </button>
          <button
            type="button"
            className="tr-chip"
            aria-pressed={view.studies.boll}
            onClick={() => toggle("boll")}
            title={t`Bollinger bands`}
          >
            BOLL
          </button>
        </div>
      </div>
      <KlineChart
        candles={candles}
        period={period}
        precision={detail.precision}
        tick={tick}
        chartType={view.chartType}
        studies={view.studies}
        price={Number(price)}
        orders={chartOrders}
        closed={closedOrders}
        preview={preview}
        now={second}
        loadCandles={loadCandles}
        overlay={(pointOf) => (
          <>
            <PriceSource by={detail} className="tr-simulated" />
            {result && (
              <Suspense fallback={null}>
                <ResultBubble order={result} pointOf={pointOf} onClose={() => setDismissed((current) => new Set(current).add(result.id))} />
              </Suspense>
            )}
            {offer}
          </>
        )}
      />
      <TradeBar
        goods={goods}
        amount={amount}
        onAmount={changeAmount}
        seconds={seconds}
        onSeconds={(next) => {
          setSeconds(next);
          setRequote(null);
        }}
        figures={figures}
        blocked={blocked}
        refusal={sheet ? null : refusal}
        busy={busy}
        requote={sheet ? null : requote}
        onTrade={trade}
        confirmEach={confirmEach}
        onConfirmEach={changeConfirmEach}
      />
      {sheet && (
        <Suspense fallback={null}>
          <OrderConfirm
            product={detail.name}
            pricedBy={detail}
            direction={sheet}
            amount={amount}
            seconds={seconds}
            price={price}
            figures={figures}
            balance={balance}
            busy={busy}
            blocked={blocked ?? problemText}
            refusal={refusal}
            requote={requote}
            confirmEach={confirmEach}
            onConfirmEach={changeConfirmEach}
            onConfirm={(requoted) => void place(sheet, requoted ?? price)}
            onClose={() => setSheet(null)}
          />
        </Suspense>
      )}
    </main>
  );
}

const LineIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
    <path d="M1 13 L6 8 L10 11 L17 3" />
  </svg>
);
const CandlesIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor" stroke="currentColor" strokeWidth="1.2">
    <path d="M5 2 V16 M13 2 V16" fill="none" />
    <rect x="3" y="5" width="4" height="7" />
    <rect x="11" y="7" width="4" height="5" />
  </svg>
);
