import { coinWorthCents, parseAmount } from "#contract/money";
import type { Wallet } from "#contract/wallet";

export type AssetKind = "cash" | "coin" | "frozen" | "yuebao";

/** Each holding's worth in U cents (coin at the wallet's rate), their total, and each one's share of it in percent. */
export function assetSplit(wallet: Wallet): { parts: Array<{ kind: AssetKind; cents: number; percent: number }>; totalCents: number } {
  const cents = (text: string) => parseAmount(text) ?? 0;
  const values: Array<[AssetKind, number]> = [
    ["cash", cents(wallet.cash)],
    ["coin", coinWorthCents(cents(wallet.coin), wallet.coinRate)],
    ["frozen", cents(wallet.frozen)],
    ["yuebao", cents(wallet.yuebao)],
  ];
  const totalCents = values.reduce((sum, [, value]) => sum + value, 0);
  return {
    parts: values.map(([kind, value]) => ({ kind, cents: value, percent: totalCents === 0 ? 0 : (value * 100) / totalCents })),
    totalCents,
  };
}
