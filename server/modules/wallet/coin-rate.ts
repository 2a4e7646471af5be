import { COIN_RATE_MAX_BPS, COIN_RATE_MIN_BPS } from "#contract/wallet";

import { rateText } from "../amounts";
import { AppError } from "../errors";

/**
 * The coin rate an operator types ("0.5", cash per coin, up to four decimals) in basis points, within
 * COIN_RATE_MIN_BPS … COIN_RATE_MAX_BPS; anything else is refused naming the field, and the rules stay as they were.
 */
export function parseCoinRate(text: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw new AppError("invalid_input", {}, "coinRate");
  const bps = Number(match[1]) * 10000 + Number((match[2] ?? "").padEnd(4, "0"));
  if (bps < COIN_RATE_MIN_BPS || bps > COIN_RATE_MAX_BPS)
    throw new AppError("out_of_range", { min: rateText(COIN_RATE_MIN_BPS), max: rateText(COIN_RATE_MAX_BPS) }, "coinRate");
  return bps;
}
