const DECIMAL = /^(\d{1,15})(?:\.(\d{1,20}))?$/;

/**
 * An exchange's decimal price text ("67512.34000000") as the feed's integer at `precision` digits, rounded half
 * up on the first dropped digit, without passing through a float. Null for anything that is not a positive
 * decimal or does not fit exactly in a JavaScript number.
 */
export function scaledPrice(text: string, precision: number): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(precision + 1, "0");
  const kept = BigInt(match[1]! + fraction.slice(0, precision));
  const scaled = fraction[precision]! >= "5" ? kept + 1n : kept;
  if (scaled <= 0n || scaled > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(scaled);
}
