import { Trans } from "@lingui/react/macro";

import { useAmountFormat } from "@/i18n/format";
import { coinWorthCents, parseAmount } from "#contract/money";

/**
 * Coin shown as coin, its unit small as Money's "U" is (so "2,135.79 coin" fits half a phone in every language), with
 * what it is worth in U at the rate on a smaller line under it: "2,135.79 coin" / "≈ 1,067.90 U".
 */
export function CoinAmount({ coin, coinRate }: { coin: string; coinRate?: string }) {
  const amount = useAmountFormat();
  const coinText = amount(coin);
  const cents = parseAmount(coin);
  const coins = (
    <Trans>
      {coinText} <small>coin</small>
    </Trans>
  );
  if (coinRate === undefined || cents === null) return <span className="money">{coins}</span>;
  const worth = amount(coinWorthCents(cents, coinRate) / 100);
  return (
    <span className="money">
      {coins} <small className="coin-worth">≈ {worth} U</small>
    </span>
  );
}
