import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";

import { useAmountFormat } from "@/i18n/format";
import { goBack } from "@/ui/back";
import { FavouriteStar } from "@/ui/FavouriteStar";
import { BackIcon } from "@/ui/Icons";
import { StatusBadge } from "@/ui/MarketText";
import type { ProductDetail } from "#contract/markets";

import type { useLiveQuote } from "./use-live-quote";

interface Props {
  detail: ProductDetail;
  /** the live quote: price, which way the last tick went (the price's colour), status and next opening */
  quote: Pick<ReturnType<typeof useLiveQuote>, "price" | "move" | "status" | "nextOpen">;
  balance: string | null;
}

/** The trade screen's head: back, the product with its live price and status, the star and the balance. */
export function TradeHeader({ detail, quote, balance }: Props) {
  const { price, move, status, nextOpen } = quote;
  const { t } = useLingui();
  const money = useAmountFormat();
  const router = useRouter();
  return (
    <header className="tr-head">
      <button type="button" className="tr-back" aria-label={t`Back`} onClick={() => goBack(router)}>
        <BackIcon />
      </button>
      <div className="tr-product">
        <h1 className="tr-name">
          <span className="tr-name-text">{detail.name}</span>
          <StatusBadge status={status} opensAt={nextOpen} />
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
  );
}
