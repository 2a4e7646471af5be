import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { liveChange } from "@/api/order-figures";
import { fetchOrder } from "@/api/trading";
import { useAmountFormat } from "@/i18n/format";
import type { Order, OrderAccount } from "#contract/trading";

import type { ChartOrder, ClosedChartOrder } from "./chart-scene";
import { resultDueAt, secondsToResult } from "./pending-result";
import { useResultNotices } from "./use-result-notices";
import { useSettlementWatch } from "./use-settlement-watch";

/** Cents as "+78.00" or "−101.00"; null stays null (no live figure once the order's time is up). */
function signedMoney(cents: number | null, money: (amount: number) => string): string | null {
  if (cents === null) return null;
  return `${cents > 0 ? "+" : cents < 0 ? "−" : ""}${money(Math.abs(cents) / 100)}`;
}

/** How many orders settled on this screen keep their entry and exit marked on the chart. */
const CLOSED_MARKED = 5;
/** How long a settled order's result stays over the chart unless closed. */
const RESULT_SHOWN_MS = 8000;

interface Options {
  /** the holding orders the loader read */
  holding: Order[];
  userId: number;
  /** the server's clock, whole seconds: an order whose time is up is asked about */
  second: number;
  /** false on a saved copy read offline: its holding orders may have settled long ago */
  live: boolean;
  refreshBalance: () => Promise<void>;
  /** the live price: each open order's profit or loss at it is shown beside its entry line */
  price?: string;
  /** the account traded with: only its open orders are drawn on the chart */
  account: OrderAccount;
}

/**
 * The orders of the trade screen: the holding ones on the chart, the ones placed here, and each one's end.
 * An order the server settled brings its result and the new balance (and, while the customer looks elsewhere, a
 * system notice); the update stream says when, or without it the orders whose time is up are asked for each second.
 */
export function useTradeOrders({ holding, userId, second, live, refreshBalance, price, account }: Options) {
  const money = useAmountFormat();
  const [placed, setPlaced] = useState<Order[]>([]);
  const [settled, setSettled] = useState<Order[]>([]);
  // orders voided and refunded while on this screen (the Order tab shows them with the reason)
  const [voided, setVoided] = useState<ReadonlySet<number>>(new Set());

  const settledIds = useMemo(() => new Set(settled.map((o) => o.id)), [settled]);
  const open = useMemo(() => {
    const placedIds = new Set(placed.map((o) => o.id));
    return [...placed, ...holding.filter((o) => !placedIds.has(o.id))].filter(
      (o) => o.status === "holding" && !settledIds.has(o.id) && !voided.has(o.id),
    );
  }, [placed, holding, settledIds, voided]);
  const chartOrders: ChartOrder[] = useMemo(
    () =>
      open
        .filter((o) => (o.account ?? "real") === account)
        .map((o) => ({
          id: o.id,
          direction: o.direction,
          openPrice: Number(o.openPrice),
          openTime: o.openTime,
          closeTime: o.closeTime,
          label: `${o.direction === "up" ? "▲" : "▼"} ${money(o.amount)}`,
          // the figure the Order tab shows for it (fee included), at the price on screen
          change: signedMoney(liveChange(o, price, second), money),
        })),
    [open, money, price, second, account],
  );

  const notices = useResultNotices(userId, open, live);

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
  // orders whose time is up and whose result waits for their minute's reveal: shown counting down to it
  const pending = useMemo(
    () =>
      open.flatMap((o) => {
        const seconds = secondsToResult(o, second);
        return seconds === null ? [] : [{ id: o.id, seconds, label: `${o.direction === "up" ? "▲" : "▼"} ${money(o.amount)}` }];
      }),
    [open, second, money],
  );
  useSettlementWatch(
    open.map((o) => o.id),
    // without the update stream, an order is asked about once its result is due, not each second before
    open.filter((o) => resultDueAt(o) <= second).map((o) => o.id),
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
  const dismiss = useCallback((id: number) => setDismissed((current) => new Set(current).add(id)), []);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => dismiss(result.id), RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [result, dismiss]);

  const addPlaced = useCallback((order: Order) => setPlaced((current) => [order, ...current]), []);
  return { chartOrders, closedOrders, pending, result, dismiss, addPlaced };
}
