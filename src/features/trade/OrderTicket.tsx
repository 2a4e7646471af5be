import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { useSubmission } from "@/api/submission";
import { Sheet } from "@/ui/Sheet";
import { CURRENCY } from "#contract/constants";
import type { Direction, Goods, MarketStatus, Order } from "#contract/markets";
import { parseAmount, rateToBps } from "#contract/money";
import { expectedProfit, orderFee } from "#contract/trading-math";

import { submitOrder } from "./api";

const PRESETS = ["10", "50", "100", "500", "1000"];
const money = (cents: number) => (cents / 100).toFixed(2);

interface Props {
  goods: Goods;
  direction: Direction;
  status: MarketStatus;
  stale: boolean;
  online: boolean;
  onClose: () => void;
  onPlaced: (order: Order) => void;
}

/** The order ticket: direction, settlement time, amount; fee and expected profit shown as the user types. */
export function OrderTicket({ goods, direction: initialDirection, status, stale, online, onClose, onPlaced }: Props) {
  const { t } = useLingui();
  const [direction, setDirection] = useState<Direction>(initialDirection);
  const [seconds, setSeconds] = useState(goods.options[0]?.seconds ?? 0);
  const [amount, setAmount] = useState("100");
  // a confirm retried after a lost answer (slow network) returns the same order instead of a second one
  const { submit: send, busy } = useSubmission();

  const option = goods.options.find((o) => o.seconds === seconds);
  const cents = parseAmount(amount);
  const fee = cents === null ? null : orderFee(cents, rateToBps(goods.feeRate) ?? 0);
  const profit = cents === null || !option ? null : expectedProfit(cents, rateToBps(option.payoutRate) ?? 0);
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
    const answer = await send({ pid: String(goods.product.id), direction, seconds: String(seconds), amount }, submitOrder);
    if (answer.code === 1) onPlaced(answer.data);
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
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby="ticket-range"
        />
        {option && (
          <p id="ticket-range" className="field-hint">
            {t`Amount from ${option.minAmount} to ${option.maxAmount}`}
          </p>
        )}
        <div className="presets">
          {PRESETS.map((preset) => (
            <button key={preset} type="button" className="chip" aria-pressed={amount === preset} onClick={() => setAmount(preset)}>
              {preset}
            </button>
          ))}
        </div>
        <dl className="ticket-figures">
          <dt>{t`Fee`}</dt>
          <dd data-testid="ticket-fee">{fee === null ? "—" : money(fee)}</dd>
          <dt>{t`Expected profit`}</dt>
          <dd data-testid="ticket-profit">{profit === null ? "—" : `+${money(profit)}`}</dd>
          <dt>{t`Balance`}</dt>
          <dd>{goods.balance ?? "—"}</dd>
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
        <button
          type="submit"
          className={`button ${direction === "up" ? "button-up" : "button-down"}`}
          disabled={busy || !!blocked || cents === null}
        >
          {direction === "up" ? t`Confirm buy up` : t`Confirm buy down`}
        </button>
      </form>
    </Sheet>
  );
}
