import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { useClockFormats } from "@/i18n/clock-time";
import { useAmountFormat } from "@/i18n/format";
import type { PricedBy } from "@/ui/PriceSource";
import { Sheet } from "@/ui/Sheet";
import { useDurationFormat } from "@/ui/time-format";
import type { Direction } from "#contract/trading";

import type { OrderTicket } from "./use-order-ticket";

interface Props {
  /** the product's name, and where its prices come from (named in the risk warning) */
  product: PricedBy & { name: string };
  direction: Direction;
  /** the live price the order will be sent with */
  price: string;
  balance: string | null;
  /** the ticket: amount, settlement time, figures, the last try's refusal or requote, and placing the order */
  ticket: OrderTicket;
}

/** Asks once more before an order goes, while "confirm each order" is on; the box there turns it off. */
export function OrderConfirm({ product, direction, price, balance, ticket }: Props) {
  const { amount, figures, busy, refusal, requote, confirmEach } = ticket;
  const blocked = ticket.blocked ?? ticket.problemText;
  const confirm = (requoted?: string) => void ticket.place(direction, requoted ?? price);
  const source = product.source;
  const { t } = useLingui();
  const duration = useDurationFormat();
  const money = useAmountFormat();
  const { clockTime } = useClockFormats();
  const fee = figures.fee === null ? "—" : money(figures.fee / 100);
  const net = figures.net === null ? "—" : `+${money(figures.net / 100)}`;
  return (
    <Sheet title={t`Order · ${product.name}`} onClose={ticket.closeSheet}>
      <div className="ticket tr-confirm" data-testid="order-confirm">
        <dl className="ticket-figures">
          <dt>{t`Direction`}</dt>
          <dd className={`change change-${direction}`}>{direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`}</dd>
          <dt>{t`Amount`}</dt>
          <dd data-testid="confirm-amount">{money(amount)}</dd>
          <dt>{t`Settlement time`}</dt>
          <dd data-testid="confirm-expiry">
            {ticket.clock.expiresAt === null ? duration(ticket.seconds) : clockTime(ticket.clock.expiresAt)}
          </dd>
          <dt>{t`Price`}</dt>
          <dd>{price}</dd>
          <dt>{t`Fee`}</dt>
          <dd data-testid="ticket-fee">{fee}</dd>
          <dt>{t`You get if it wins (after the fee)`}</dt>
          <dd data-testid="ticket-net">{net}</dd>
          <dt>{t`Balance`}</dt>
          <dd data-testid="ticket-balance">{balance === null ? "—" : money(balance)}</dd>
        </dl>
        <p className="ticket-rule">
          <Trans>Equal open and close prices are a tie: the amount is refunded, the fee is not.</Trans>
        </p>
        <p className="risk">
          {product.simulated ? (
            <Trans>Risk warning: a losing order loses the whole amount. Prices here are simulated.</Trans>
          ) : (
            <Trans>Risk warning: a losing order loses the whole amount. Prices here come from {source}.</Trans>
          )}{" "}
          <Link to="/pages/user/limits" data-testid="risk-limits-link">
            {t`Set your own limits`}
          </Link>
        </p>
        <label className="tr-confirm-toggle">
          <input type="checkbox" checked={confirmEach} onChange={(event) => ticket.changeConfirmEach(event.target.checked)} />
          {t`Confirm each order`}
        </label>
        <p className="field-error" role="alert">
          {blocked ?? refusal ?? ""}
        </p>
        {requote ? (
          <button
            type="button"
            className={`button ${direction === "up" ? "button-up" : "button-down"}`}
            disabled={busy || !!blocked}
            data-testid="requote"
            onClick={() => confirm(requote.price)}
          >
            {t`Price moved — place at ${requote.price}`}
          </button>
        ) : (
          <button
            type="button"
            className={`button ${direction === "up" ? "button-up" : "button-down"}`}
            disabled={busy || !!blocked}
            onClick={() => confirm()}
          >
            {direction === "up" ? t`Confirm buy up` : t`Confirm buy down`}
          </button>
        )}
      </div>
    </Sheet>
  );
}
