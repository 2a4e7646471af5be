import { useLingui } from "@lingui/react/macro";

import { useAmountFormat } from "@/i18n/format";
import { coinWorthCents, parseAmount } from "#contract/money";

/** Coin shown as coin, with what it is worth in U at the rate beside it: "2,135.79 coin ≈ 1,067.90 U". */
export function CoinAmount({ coin, coinRate }: { coin: string; coinRate?: string }) {
  const { t } = useLingui();
  const amount = useAmountFormat();
  const coinText = amount(coin);
  const cents = parseAmount(coin);
  if (coinRate === undefined || cents === null) return <span className="money">{t`${coinText} coin`}</span>;
  const worth = amount(coinWorthCents(cents, coinRate) / 100);
  return (
    <span className="money">
      {t`${coinText} coin`} <small>≈ {worth} U</small>
    </span>
  );
}
