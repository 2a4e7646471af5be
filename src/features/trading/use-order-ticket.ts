import { useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";

import { useClockFormats } from "@/i18n/clock-time";
import { noticePermission } from "@/ui/result-notices";
import { useDurationFormat } from "@/ui/time-format";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { Goods, MarketStatus, ProductDetail } from "#contract/markets";
import type { Direction, Order, OrderAccount } from "#contract/trading";

import { submitOrder } from "./api";
import { readConfirmEachOrder, writeConfirmEachOrder } from "./confirm-setting";
import { markNoticeOffered, noticeOfferDue } from "./notice-offer";
import { useProblemText } from "./problem-text";
import { type TicketFigures, ticketFigures } from "./ticket-figures";
import type { Requote } from "./TradeBar";
import { type ExpiryMode, useClockExpiry } from "./use-clock-expiry";

interface Options {
  detail: ProductDetail;
  goods: Goods;
  userId: number;
  /** the price on the screen, its market's status and whether the quote is stale */
  quote: { price: string; status: MarketStatus; stale: boolean };
  balance: string | null;
  /** the server's clock, whole seconds: where the chosen settlement time is drawn */
  second: number;
  onPlaced: (order: Order) => void;
  refreshBalance: () => Promise<void>;
  /** whose money the order stakes */
  account: OrderAccount;
}

/** The ticket's state and actions, as the trade bar and the confirm sheet read them. */
export type OrderTicket = ReturnType<typeof useOrderTicket>;

/**
 * The order ticket: amount, settlement time, the confirm sheet, and the order sent with the price the
 * customer saw; a refusal or a requote (the price moved) stays on the ticket until the next change.
 */
export function useOrderTicket({ detail, goods, userId, quote, balance, second, onPlaced, refreshBalance, account }: Options) {
  const { t } = useLingui();
  const duration = useDurationFormat();
  const online = useOnline();
  const { clockTime } = useClockFormats();
  const [amount, setAmount] = useState("100");
  const [seconds, setSeconds] = useState(goods.options[0]?.seconds ?? 0);
  const [confirmEach, setConfirmEach] = useState(() => readConfirmEachOrder(userId));
  const [sheet, setSheet] = useState<Direction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requote, setRequote] = useState<Requote | null>(null);
  const [offerNotices, setOfferNotices] = useState(false);
  const { submit, busy } = useSubmit();
  const clock = useClockExpiry(goods, second);
  const { expiresAt } = clock;

  // a clock time shows the rate and limits of the option the server will take for it
  const figures: TicketFigures = ticketFigures(goods, expiresAt === null ? seconds : (clock.rateSeconds ?? 0), amount, balance);
  const problemText = useProblemText(figures.problem);
  const blocked = !online
    ? t`You are offline. Orders need a connection and are never queued.`
    : quote.status === "closed"
      ? t`The market is closed.`
      : quote.status === "not_trading_time"
        ? t`Not trading time for this product.`
        : quote.stale
          ? t`Quotes are delayed, so orders are paused until prices arrive again.`
          : null;

  // the chosen settlement time as a line on the chart, while an order could be placed
  const preview = useMemo(
    () =>
      blocked !== null
        ? null
        : expiresAt !== null
          ? { closeTime: expiresAt, label: clockTime(expiresAt) }
          : seconds > 0
            ? { closeTime: second + seconds, label: duration(seconds) }
            : null,
    [blocked, expiresAt, seconds, second, clockTime, duration],
  );

  function changeAmount(next: string) {
    setAmount(next);
    setRefusal(null);
    setRequote(null);
  }

  function changeSeconds(next: number) {
    setSeconds(next);
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
    // a clock time goes as the time itself: the server works out its seconds and rate
    const when = expiresAt === null ? { seconds: String(seconds) } : { expiresAt: String(expiresAt) };
    await submit({ pid: String(detail.id), direction, ...when, amount, account }, (fields) => submitOrder({ ...fields, price: shown }), {
      // the placed order on the chart and the new balance say it went through
      toast: false,
      onSuccess: (order) => {
        onPlaced(order);
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
    });
  }

  /** A tap on up or down: the confirm sheet first when each order is confirmed, unless retrying a requote. */
  function trade(direction: Direction, requoted?: string) {
    if (confirmEach && requoted === undefined) {
      setRequote(null);
      setRefusal(null);
      setSheet(direction);
      return;
    }
    void place(direction, requoted ?? quote.price);
  }

  return {
    amount,
    seconds,
    // a new settlement time drops a requote, as a new duration does
    clock: {
      ...clock,
      setMode: (mode: ExpiryMode) => {
        clock.setMode(mode);
        setRequote(null);
      },
      choose: (at: number) => {
        clock.choose(at);
        setRequote(null);
      },
    },
    figures,
    problemText,
    blocked,
    preview,
    busy,
    refusal,
    requote,
    sheet,
    confirmEach,
    offerNotices,
    changeAmount,
    changeSeconds,
    changeConfirmEach,
    place,
    trade,
    closeSheet: () => setSheet(null),
    closeOffer: () => setOfferNotices(false),
  };
}
