import { Trans, useLingui } from "@lingui/react/macro";

import { useAmountFormat } from "@/i18n/format";
import type { PricedBy } from "@/ui/PriceSource";
import { Sheet } from "@/ui/Sheet";
import type { Direction } from "#contract/trading";

import type { TicketFigures } from "./ticket-figures";
import type { Requote } from "./TradeBar";

interface Props {
  product: string;
  /** where the product's prices come from, named in the risk warning */
  pricedBy: PricedBy;
  direction: Direction;
  amount: string;
  seconds: number;
  /** the live price the order will be sent with */
  price: string;
  figures: TicketFigures;
  balance: string | null;
  busy: boolean;
  blocked: string | null;
  refusal: string | null;
  requote: Requote | null;
  confirmEach: boolean;
  onConfirmEach: (on: boolean) => void;
  onConfirm: (price?: string) => void;
  onClose: () => void;
}

/** Asks once more before an order goes, while "confirm each order" is on; the box there turns it off. */
export function OrderConfirm(props: Props) {
  const { direction, amount, price, figures, balance, busy, blocked, refusal, requote, confirmEach, pricedBy } = props;
  const source = pricedBy.source;
  const { t } = useLingui();
  const money = useAmountFormat();
  const fee = figures.fee === null ? "—" : money(figures.fee / 100);
  const net = figures.net === null ? "—" : `+${money(figures.net / 100)}`;
  return (
    <Sheet title={t`Order · ${props.product}`} onClose={props.onClose}>
      <div className="ticket tr-confirm" data-testid="order-confirm">
        <dl className="ticket-figures">
          <dt>{t`Direction`}</dt>
          <dd className={`change change-${direction}`}>{direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`}</dd>
          <dt>{t`Amount`}</dt>
          <dd data-testid="confirm-amount">{money(amount)}</dd>
          <dt>{t`Settlement time`}</dt>
          <dd>{t`${props.seconds}s`}</dd>
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
          {pricedBy.simulated ? (
            <Trans>Risk warning: a losing order loses the whole amount. Prices here are simulated.</Trans>
          ) : (
            <Trans>Risk warning: a losing order loses the whole amount. Prices here come from {source}.</Trans>
          )}
        </p>
        <label className="tr-confirm-toggle">
          <input type="checkbox" checked={confirmEach} onChange={(event) => props.onConfirmEach(event.target.checked)} />
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
            onClick={() => props.onConfirm(requote.price)}
          >
            {t`Price moved — place at ${requote.price}`}
          </button>
        ) : (
          <button
            type="button"
            className={`button ${direction === "up" ? "button-up" : "button-down"}`}
            disabled={busy || !!blocked}
            onClick={() => props.onConfirm()}
          >
            {direction === "up" ? t`Confirm buy up` : t`Confirm buy down`}
          </button>
        )}
      </div>
    </Sheet>
  );
}
