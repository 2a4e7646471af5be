/** Display rules shared by client and server. */

/** Shows the first 3 and last 3 characters with the middle hidden; short values hide all but the ends. */
export function maskMiddle(value: string): string {
  if (value.length <= 6) return value.length <= 2 ? "*".repeat(value.length) : `${value[0]}${"*".repeat(value.length - 2)}${value.at(-1)}`;
  return `${value.slice(0, 3)}${"*".repeat(Math.min(value.length - 6, 6))}${value.slice(-3)}`;
}

/** Integer cents as the API's decimal string: 1000000 → "10000.00". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
