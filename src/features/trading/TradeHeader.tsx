import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useRef } from "react";

import { useAmountFormat } from "@/i18n/format";
import { AccountSwitch } from "@/ui/AccountSwitch";
import { goBack } from "@/ui/back";
import { FavouriteStar } from "@/ui/FavouriteStar";
import { StatusBadge } from "@/ui/MarketText";
import { BackIcon } from "@/ui/PageIcons";
import type { ProductDetail } from "#contract/markets";
import type { OrderAccount } from "#contract/trading";

import { shortName } from "./short-name";
import type { useLiveQuote } from "./use-live-quote";
import { useTextFits } from "./use-text-fits";

/** room beside the name on its line: the caret and its margin */
const CARET_PX = 16;

interface Props {
  detail: ProductDetail;
  /** the live quote: price, which way the last tick went (the price's colour), status and next opening */
  quote: Pick<ReturnType<typeof useLiveQuote>, "price" | "move" | "status" | "nextOpen">;
  balance: string | null;
  /** opens the asset switcher */
  onSwitch: () => void;
  /** which balance orders stake, and the switch between them */
  account: OrderAccount;
  onAccount: (next: OrderAccount) => void;
}

/**
 * The trade screen's head: back, the product (a tap opens the asset switcher) with its live price and status, the
 * star and the balance.
 */
export function TradeHeader({ detail, quote, balance, onSwitch, account, onAccount }: Props) {
  const { price, move, status, nextOpen } = quote;
  const { t } = useLingui();
  const money = useAmountFormat();
  const router = useRouter();
  const nameBox = useRef<HTMLHeadingElement>(null);
  // a name too long for the head gives way to its code before the account switch or the balance does
  const fits = useTextFits(nameBox, detail.name, CARET_PX);
  const short = shortName(detail);
  const shown = fits ? detail.name : short;
  return (
    <header className="tr-head">
      <button type="button" className="tr-back" aria-label={t`Back`} onClick={() => goBack(router)}>
        <BackIcon />
      </button>
      <div className="tr-product">
        <h1 className="tr-name" ref={nameBox}>
          <button
            type="button"
            className="tr-name-text tr-switch"
            onClick={onSwitch}
            aria-haspopup="dialog"
            data-testid="asset-switch"
            title={shown === detail.name ? undefined : detail.name}
          >
            {shown === detail.name ? (
              detail.name
            ) : (
              <>
                {/* the whole name stays the heading's text for a screen reader */}
                <span className="visually-hidden">{detail.name}</span>
                <span aria-hidden="true">{shown}</span>
              </>
            )}
            <span className="tr-switch-caret" aria-hidden="true">
              ▾
            </span>
            <span className="visually-hidden">{t`Switch asset`}</span>
          </button>
          <StatusBadge status={status} opensAt={nextOpen} />
        </h1>
        <span className={`tr-price tr-price-${move}`} data-testid="trade-price" data-move={move}>
          {price}
        </span>
      </div>
      <FavouriteStar pid={detail.id} name={detail.name} />
      <div className={`tr-balance tr-balance-${account}`}>
        <AccountSwitch account={account} onChange={onAccount} compact />
        {/* the switch says which balance this is to the eye; a screen reader hears it named */}
        <span className="visually-hidden">{account === "practice" ? t`Practice balance` : t`Balance`}</span>
        <strong data-testid="trade-balance" data-account={account}>
          {balance === null ? "—" : money(balance)}
        </strong>
      </div>
    </header>
  );
}
