import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useRef, useState } from "react";

import { useSubmission } from "@/api/submission";
import { SignedMoney } from "@/ui/MarketText";
import { Sheet } from "@/ui/Sheet";
import { CURRENCY } from "#contract/constants";
import type { Direction, Goods, MarketStatus, Order } from "#contract/markets";
import { parseAmount, rateToBps } from "#contract/money";
import { amountRange, expectedNetProfit, expectedProfit, orderFee, type TicketProblem, ticketProblem } from "#contract/trading-math";

import { submitOrder } from "./api";

const PRESETS = ["10", "50", "100", "500", "1000"];
const money = (cents: number) => (cents / 100).toFixed(2);
/** A limit as people read it: 5000.00 → "5,000", 10.50 → "10.50". */
const limitText = (cents: number) => (cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 });

interface Props {
  goods: Goods;
  /** the user's cash as last read from the server, refreshed after every order and settlement */
  balance: string | null;
  direction: Direction;
  status: MarketStatus;
  stale: boolean;
  online: boolean;
  onClose: () => void;
  onPlaced: (order: Order) => void;
}

/** The order ticket: direction, settlement time, amount; fee and expected profit shown as the user types. */
export function OrderTicket({ goods, balance, direction: initialDirection, status, stale, online, onClose, onPlaced }: Props) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [seconds, setSeconds] = useState(goods.options[0]?.seconds ?? 0);
  const [amount, setAmount] = useState("100");
  // the server's refusal of the last confirm, shown next to the amount: a toast alone may be missed under the sheet
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // a confirm retried after a lost answer (slow network) returns the same order instead of a second one
  const { submit: send, busy } = useSubmission();

  const option = goods.options.find((o) => o.seconds === seconds);
  const cents = parseAmount(amount);
  const feeBps = rateToBps(goods.feeRate) ?? 0;
  const payoutBps = option ? (rateToBps(option.payoutRate) ?? 0) : 0;
  const fee = cents === null ? null : orderFee(cents, feeBps);
  const profit = cents === null || !option ? null : expectedProfit(cents, payoutBps);
  const net = cents === null || !option ? null : expectedNetProfit(cents, payoutBps, feeBps);
  const range = option
    ? amountRange(
        { minAmount: parseAmount(option.minAmount) ?? 0, maxAmount: parseAmount(option.maxAmount) ?? 0 },
        { singleMin: parseAmount(goods.limits.singleMin) ?? 0, singleMax: parseAmount(goods.limits.singleMax) ?? Infinity },
      )
    : null;
  const balanceCents = balance === null ? null : parseAmount(balance);
  const problem = range ? ticketProblem(cents, range, feeBps, balanceCents) : null;
  const problemText = problem ? describeProblem(problem) : null;
  const low = range ? limitText(range.min) : "";
  const high = range ? limitText(range.max) : "";
  const cash = balance ?? "—";
  const blocked = !online
    ? t`You are offline. Orders need a connection and are never queued.`
    : status === "closed"
      ? t`The market is closed.`
      : status === "not_trading_time"
        ? t`Not trading time for this product.`
        : stale
          ? t`Quotes are delayed, so orders are paused until prices arrive again.`
          : null;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (blocked || !option) return;
    if (problem) return input.current?.focus();
    setRefusal(null);
    const answer = await send({ pid: String(goods.product.id), direction, seconds: String(seconds), amount }, submitOrder);
    if (answer.code === 1) onPlaced(answer.data);
    else if (answer.code !== 401) setRefusal(answer.msg);
  }

  function describeProblem(found: TicketProblem): string {
    switch (found.kind) {
      case "amount_invalid":
        return t`Enter an amount in ${CURRENCY}, with at most two decimals.`;
      case "amount_too_small": {
        const min = limitText(found.min);
        return t`The amount must be at least ${min}.`;
      }
      case "amount_too_large": {
        const max = limitText(found.max);
        return t`The amount can be at most ${max}.`;
      }
      case "balance_insufficient": {
        const needed = money(found.needed);
        const have = money(found.balance);
        return t`Amount plus fee is ${needed}, more than your balance ${have}.`;
      }
    }
  }

  return (
    <Sheet title={t`Order · ${goods.product.name}`} onClose={onClose}>
      <form className="ticket" onSubmit={confirm}>
        <div className="segmented" role="radiogroup" aria-label={t`Direction`}>
          <button type="button" role="radio" aria-checked={direction === "up"} className="seg seg-up" onClick={() => setDirection("up")}>
            ▲ {t`Buy up`}
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={direction === "down"}
            className="seg seg-down"
            onClick={() => setDirection("down")}
          >
            ▼ {t`Buy down`}
          </button>
        </div>
        <fieldset className="options">
          <legend>{t`Settlement time`}</legend>
          {goods.options.map((o) => (
            <button
              key={o.seconds}
              type="button"
              className="chip"
              aria-pressed={o.seconds === seconds}
              onClick={() => setSeconds(o.seconds)}
            >
              {t`${o.seconds}s`} · {Math.round(Number(o.payoutRate) * 100)}%
            </button>
          ))}
        </fieldset>
        <label className="field-label" htmlFor="ticket-amount">
          {t`Amount`} ({CURRENCY})
        </label>
        <input
          id="ticket-amount"
          className="field-input"
          inputMode="decimal"
          value={amount}
          ref={input}
          onChange={(event) => {
            setAmount(event.target.value);
            setRefusal(null);
          }}
          aria-describedby="ticket-range ticket-amount-error"
          aria-invalid={problem !== null || refusal !== null}
        />
        {range && (
          <p id="ticket-range" className="field-hint">
            {t`From ${low} to ${high}, both included · balance ${cash}`}
          </p>
        )}
        <p id="ticket-amount-error" className="field-error" role="alert" data-testid="ticket-error">
          {problemText ?? refusal ?? ""}
        </p>
        <div className="presets">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="chip"
              aria-pressed={amount === preset}
              onClick={() => {
                setAmount(preset);
                setRefusal(null);
              }}
            >
              {preset}
            </button>
          ))}
        </div>
        <dl className="ticket-figures">
          <dt>{t`Fee`}</dt>
          <dd data-testid="ticket-fee">{fee === null ? "—" : money(fee)}</dd>
          <dt>{t`Expected profit`}</dt>
          <dd data-testid="ticket-profit">{profit === null ? "—" : `+${money(profit)}`}</dd>
          <dt>{t`You get if it wins (after the fee)`}</dt>
          <dd data-testid="ticket-net">{net === null ? "—" : <SignedMoney cents={net} />}</dd>
          <dt>{t`Balance`}</dt>
          <dd data-testid="ticket-balance">{balance ?? "—"}</dd>
        </dl>
        <p className="ticket-rule">
          <Trans>Equal open and close prices are a tie: the amount is refunded, the fee is not.</Trans>
        </p>
        <p className="risk">
          <Trans>Risk warning: a losing order loses the whole amount. Prices here are simulated.</Trans>
        </p>
        {blocked && (
          <p className="ticket-blocked" role="alert">
            {blocked}
          </p>
        )}
        <button type="submit" className={`button ${direction === "up" ? "button-up" : "button-down"}`} disabled={busy || !!blocked}>
          {direction === "up" ? t`Confirm buy up` : t`Confirm buy down`}
        </button>
      </form>
    </Sheet>
  );
}
