import "./trade.css";

import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useState } from "react";

import { OfflineBanner } from "@/ui/OfflineBanner";
import { PriceSource } from "@/ui/PriceSource";
import { useTradeAccount } from "@/ui/trade-account";
import { useServerNow } from "@/ui/use-now";
import type { Candle, Goods, Period, ProductDetail } from "#contract/markets";
import type { Order } from "#contract/trading";

import { fetchKlinePage } from "./api";
import { useChartChoice } from "./chart-choice";
import { ChartDrawings } from "./ChartDrawings";
import { ChartTools } from "./ChartTools";
import type { DrawingKind } from "./drawings";
import { KlineChart, type LoadCandles } from "./KlineChart";
import { NoticeOffer } from "./NoticeOffer";
import { PendingResults } from "./PendingResult";
import { RecentAssets } from "./RecentAssets";
import { TradeBar } from "./TradeBar";
import { TradeHeader } from "./TradeHeader";
import { useLiveQuote } from "./use-live-quote";
import { useOrderTicket } from "./use-order-ticket";
import { useTradeBalance } from "./use-trade-balance";
import { useTradeOrders } from "./use-trade-orders";

// the confirm sheet is not needed to draw the screen, nor at all once "confirm each order" is off
const OrderConfirm = lazy(() => import("./OrderConfirm").then((module) => ({ default: module.OrderConfirm })));
// nor is a settled order's result, which comes a while after the first order (the worker has it precached)
const ResultBubble = lazy(() => import("./ResultBubble").then((module) => ({ default: module.ResultBubble })));
// nor is the asset switcher, until the name is tapped
const AssetSheet = lazy(() => import("./AssetSheet").then((module) => ({ default: module.AssetSheet })));

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

/**
 * The trading screen's layout: header with the live price and balance, the chart with the orders on it, the
 * trade bar. The quote, the balance, the orders and the ticket each keep their own state in a hook.
 */
export function TradePage({ detail, candles, goods, holding, period, userId, offlineSince }: Props) {
  const { t } = useLingui();
  const now = useServerNow(500);
  const second = Math.floor(now);
  const quote = useLiveQuote(detail, now);
  const { choice, toggleStudy, toggleChartType } = useChartChoice();
  const { account, choose: chooseAccount } = useTradeAccount(userId, goods.recharged);
  const { balance, refreshBalance } = useTradeBalance(goods, detail.id, account);
  // a saved copy's holding orders may have settled long ago: only a live screen's count as seen holding
  const live = offlineSince === undefined;
  const orders = useTradeOrders({ holding, userId, second, live, refreshBalance, price: quote.price, account });
  const ticket = useOrderTicket({ detail, goods, userId, quote, balance, second, onPlaced: orders.addPlaced, refreshBalance, account });
  const loadCandles: LoadCandles = useCallback((bound, limit) => fetchKlinePage(detail.id, period, bound, limit), [detail.id, period]);
  const { result, dismiss } = orders;
  const { sheet } = ticket;
  const [switching, setSwitching] = useState(false);
  const [tool, setTool] = useState<DrawingKind | null>(null);

  return (
    <main className="page-trade-screen">
      <RecentAssets userId={userId} pid={detail.id} name={detail.name} period={period} />
      <TradeHeader
        detail={detail}
        quote={quote}
        balance={balance}
        onSwitch={() => setSwitching(true)}
        account={account}
        onAccount={chooseAccount}
      />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <ChartTools
        pid={detail.id}
        period={period}
        choice={choice}
        onChartType={toggleChartType}
        onStudy={toggleStudy}
        tool={tool}
        onTool={setTool}
      />
      <KlineChart
        candles={candles}
        period={period}
        precision={detail.precision}
        tick={quote.tick}
        choice={choice}
        price={Number(quote.price)}
        orders={orders.chartOrders}
        closed={orders.closedOrders}
        preview={ticket.preview}
        now={second}
        loadCandles={loadCandles}
        overlay={(pointOf, valueAt) => (
          <>
            <ChartDrawings pid={detail.id} tool={tool} onToolDone={() => setTool(null)} pointOf={pointOf} valueAt={valueAt} />
            {/* the prices' source, and where anyone can check them: the chain, and for simulated prices the commitments */}
            <Link
              to="/pages/public/fairness"
              search={{ pid: detail.id }}
              className="tr-simulated tr-fair-link"
              data-testid="trade-fairness"
            >
              <PriceSource by={detail} />
              <span className="tr-fair-more">{t`Check fairness`}</span>
            </Link>
            <PendingResults orders={orders.pending} />
            {result && (
              <Suspense fallback={null}>
                <ResultBubble order={result} pointOf={pointOf} onClose={() => dismiss(result.id)} />
              </Suspense>
            )}
            {/* over the chart's foot, so the chart keeps its size */}
            {ticket.offerNotices && <NoticeOffer userId={userId} onDone={ticket.closeOffer} />}
          </>
        )}
      />
      <TradeBar
        goods={goods}
        amount={ticket.amount}
        onAmount={ticket.changeAmount}
        seconds={ticket.seconds}
        onSeconds={ticket.changeSeconds}
        clock={ticket.clock}
        now={second}
        figures={ticket.figures}
        blocked={ticket.blocked}
        refusal={sheet ? null : ticket.refusal}
        busy={ticket.busy}
        requote={sheet ? null : ticket.requote}
        onTrade={ticket.trade}
        confirmEach={ticket.confirmEach}
        onConfirmEach={ticket.changeConfirmEach}
        practice={account === "practice"}
      />
      {switching && (
        <Suspense fallback={null}>
          <AssetSheet pid={detail.id} period={period} onClose={() => setSwitching(false)} />
        </Suspense>
      )}
      {sheet && (
        <Suspense fallback={null}>
          <OrderConfirm product={detail} direction={sheet} price={quote.price} balance={balance} ticket={ticket} />
        </Suspense>
      )}
    </main>
  );
}
