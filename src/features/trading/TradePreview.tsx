import type { ProductDetail } from "#contract/markets";
import { TRADE_PREVIEW_DETAIL } from "#contract/static-preview";

import { RecentAssets } from "./RecentAssets";
import { TradeHeader } from "./TradeHeader";

const noop = () => undefined;

// the stand-in product: the fields the head draws come from contract/static-preview.ts, the rest is never shown
const standIn: ProductDetail = {
  ...TRADE_PREVIEW_DETAIL,
  time: 0,
  status: "open",
  simulated: false,
  source: "",
  stale: false,
  nextOpen: null,
  market: "forex",
  precision: 5,
  changePct: "0",
  prevClose: TRADE_PREVIEW_DETAIL.price,
  topPayoutRate: "0",
  open: TRADE_PREVIEW_DETAIL.price,
  high: TRADE_PREVIEW_DETAIL.price,
  low: TRADE_PREVIEW_DETAIL.price,
};

/**
 * The trade screen as the pre-rendered shell shows it on a cold visit until the app arrives
 * (src/app/StaticShell.tsx): the live head (the recent assets' row with this one, and the product's head) with a
 * stand-in product, open, which the early-start script fills in
 * from the product read (src/early-start-preview.ts) when the market is open: name and price, the balance a dash
 * until the app reads it. Below it a shimmer where the chart and the ticket come.
 */
export function TradePreview() {
  return (
    <main className="page-trade-screen">
      <RecentAssets userId={0} pid={standIn.id} name={standIn.name} period="1m" />
      <TradeHeader
        detail={standIn}
        quote={{ price: standIn.price, move: "flat", status: "open", nextOpen: null }}
        balance={null}
        onSwitch={noop}
        account="real"
        onAccount={noop}
      />
      <div className="skeleton tr-preview-body" aria-busy="true" />
    </main>
  );
}
