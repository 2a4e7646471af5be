import { useLingui } from "@lingui/react/macro";

import { useAmountFormat, usePercentFormat } from "@/i18n/format";
import { PracticeBadge } from "@/ui/AccountSwitch";
import { CURRENCY } from "#contract/constants";
import { centsToShortDecimal as centsText } from "#contract/format";
import type { Goods } from "#contract/markets";
import type { Direction } from "#contract/trading";

import { ExpiryPicker } from "./ExpiryPicker";
import { useProblemText } from "./problem-text";
import { stepAmount, type TicketFigures } from "./ticket-figures";
import type { ClockExpiry, ExpiryMode } from "./use-clock-expiry";

const PRESETS = ["10", "50", "100", "500"];

export interface Requote {
  direction: Direction;
  price: string;
}

interface Props {
  goods: Goods;
  amount: string;
  onAmount: (amount: string) => void;
  seconds: number;
  onSeconds: (seconds: number) => void;
  /** the expiry at a clock time: its mode, the times offered and the one chosen */
  clock: Pick<ClockExpiry, "mode" | "times" | "expiresAt"> & { setMode: (mode: ExpiryMode) => void; choose: (at: number) => void };
  /** the server's clock in whole seconds */
  now: number;
  figures: TicketFigures;
  /** why no order can go now (offline, market shut, quotes late), or null */
  blocked: string | null;
  /** the server's refusal of the last order */
  refusal: string | null;
  busy: boolean;
  requote: Requote | null;
  onTrade: (direction: Direction, price?: string) => void;
  confirmEach: boolean;
  onConfirmEach: (on: boolean) => void;
  /** the order would stake the practice balance: the ticket says so */
  practice: boolean;
}

/**
 * The trade bar under the chart: amount stepper with presets and "max", the settlement time (a duration or a
 * clock time), and Up / Down with the payout and the net profit on them. Up or Down trades at once unless
 * "confirm each order" is on.
 */
export function TradeBar(props: Props) {
  const {
    goods,
    amount,
    onAmount,
    seconds,
    onSeconds,
    clock,
    now,
    figures,
    blocked,
    refusal,
    busy,
    requote,
    onTrade,
    confirmEach,
    onConfirmEach,
    practice,
  } = props;
  const { t } = useLingui();
  const percent = usePercentFormat();
  const money = useAmountFormat();
  const problem = useProblemText(figures.problem) ?? refusal;
  const net = figures.net === null ? "—" : `+${money(figures.net / 100)}`;
  const disabled = busy || blocked !== null || figures.problem !== null;
  const upText = t`Buy up`;
  const downText = t`Buy down`;
  const payout = percent(figures.payoutPct / 100, { decimals: 0 });
  const { max } = figures;

  return (
    <section className={`tr-bar${practice ? " tr-bar-practice" : ""}`} aria-label={t`Order`}>
      {/* on the ticket's edge, taking no height from the chart */}
      {practice && (
        <span className="tr-bar-badge">
          <PracticeBadge testId="ticket-practice" />
        </span>
      )}
      <div className="tr-bar-row">
        <div className="tr-stepper">
          <button
            type="button"
            className="tr-step"
            aria-label={t`Less`}
            onClick={() => onAmount(centsText(stepAmount(figures.cents, -1, figures.range)))}
          >
            −
          </button>
          <label className="tr-amount">
            <span className="tr-caption">
              {t`Amount`} ({CURRENCY})
            </span>
            <input
              id="trade-amount"
              inputMode="decimal"
              value={amount}
              onChange={(event) => onAmount(event.target.value)}
              aria-invalid={figures.problem !== null}
              aria-describedby="trade-problem"
            />
          </label>
          <button
            type="button"
            className="tr-step"
            aria-label={t`More`}
            onClick={() => onAmount(centsText(stepAmount(figures.cents, 1, figures.range)))}
          >
            +
          </button>
        </div>
        <ExpiryPicker
          options={goods.options}
          seconds={seconds}
          onSeconds={onSeconds}
          mode={clock.mode}
          onMode={clock.setMode}
          times={clock.times}
          expiresAt={clock.expiresAt}
          onTime={clock.choose}
          now={now}
        />
      </div>
      <div className="tr-presets">
        {PRESETS.map((preset) => (
          <button key={preset} type="button" className="tr-chip" aria-pressed={amount === preset} onClick={() => onAmount(preset)}>
            {preset}
          </button>
        ))}
        <button
          type="button"
          className="tr-chip"
          disabled={max === null}
          aria-pressed={max !== null && figures.cents === max}
          onClick={() => max !== null && onAmount(centsText(max))}
        >
          {t`Max`}
        </button>
        <label className="tr-confirm-toggle">
          <input type="checkbox" checked={confirmEach} onChange={(event) => onConfirmEach(event.target.checked)} />
          {t`Confirm each order`}
        </label>
      </div>
      <p id="trade-problem" className="tr-problem" role="alert" data-testid="ticket-error">
        {blocked ?? problem ?? ""}
      </p>
      {requote && (
        <button
          type="button"
          className={`tr-requote tr-requote-${requote.direction}`}
          data-testid="requote"
          disabled={busy}
          onClick={() => onTrade(requote.direction, requote.price)}
        >
          {t`Price moved — place at ${requote.price}`}
        </button>
      )}
      <div className="tr-actions">
        <button type="button" className="tr-trade tr-trade-up" disabled={disabled} onClick={() => onTrade("up")} data-testid="trade-up">
          <span className="tr-trade-label">▲ {upText}</span>
          <span className="tr-trade-figures">
            {payout} · <span data-testid="net-up">{net}</span>
          </span>
        </button>
        <button
          type="button"
          className="tr-trade tr-trade-down"
          disabled={disabled}
          onClick={() => onTrade("down")}
          data-testid="trade-down"
        >
          <span className="tr-trade-label">▼ {downText}</span>
          <span className="tr-trade-figures">
            {payout} · <span data-testid="net-down">{net}</span>
          </span>
        </button>
      </div>
    </section>
  );
}
