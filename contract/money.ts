/**
 * Money and rate arithmetic shared by the ticket (what the user is shown) and the server (what is charged):
 * integer cents and basis points only, so both sides get the same numbers.
 */

/** "12.5" / "12.50" → 1250; null for anything that is not a positive-or-zero amount with ≤ 2 decimals. */
export function parseAmount(text: string): number | null {
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole, fraction = ""] = text.trim().split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** amount × rate, rounded half up to the cent. */
export function applyRate(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5000) / 10000);
}

/** Basis points as the API's decimal string: 8500 → "0.85", 150 → "0.015". */
export function bpsToRate(bps: number): string {
  const text = (bps / 10000).toFixed(4);
  return text.replace(/0+$/, "").replace(/\.$/, ".0");
}

/** "0.85" → 8500. */
export function rateToBps(rate: string): number | null {
  if (!/^\d(\.\d{1,4})?$/.test(rate)) return null;
  return Math.round(Number(rate) * 10000);
}

/** Scaled integer price → decimal string with the product's precision. */
export function formatPrice(scaled: number, precision: number): string {
  if (precision === 0) return String(scaled);
  const sign = scaled < 0 ? "-" : "";
  const abs = Math.abs(scaled);
  const unit = 10 ** precision;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(precision, "0")}`;
}

/** Decimal price string → scaled integer. */
export function parsePrice(text: string, precision: number): number {
  const [whole, fraction = ""] = text.split(".");
  const sign = whole!.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 10 ** precision + Number(fraction.padEnd(precision, "0").slice(0, precision) || 0));
}

/**
 * Both sides of an exchange of `cents` from one account at the coin rate (cash per coin, in basis points): the
 * side received is rounded down to the hundredth, as the server books it and the wallet previews it.
 */
export function exchangeAmounts(from: "cash" | "coin", cents: number, rateBps: number): { cash: number; coin: number } {
  // in BigInt: an amount of 12 digits times a rate of 8 passes 2^53, where a Number product loses cents; a
  // side beyond 2^53 comes back inexact, which the server refuses (Number.isSafeInteger)
  const [amount, rate] = [BigInt(cents), BigInt(rateBps)];
  return from === "cash"
    ? { cash: cents, coin: Number((amount * 10000n) / rate) }
    : { cash: Number((amount * rate) / 10000n), coin: cents };
}

/** What coin is worth in cash at a rate ("0.5000" cash per coin), rounded down as an exchange pays it. */
export function coinWorthCents(coinCents: number, coinRate: string): number {
  const rate = Math.round(Number(coinRate) * 10000);
  if (!Number.isFinite(rate) || rate <= 0) return 0;
  return exchangeAmounts("coin", coinCents, rate).cash;
}
