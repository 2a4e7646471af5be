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

/** Integer cents as the shortest decimal the API and the ticket write: whole amounts without ".00" (1000 → "10", 1050 → "10.50"). */
export const centsToShortDecimal = (cents: number) => centsToDecimal(cents).replace(/\.00$/, "");

/** A decimal string from the API, signed ("-100.00" for a lost stake), as integer cents. */
export const decimalToCents = (text: string) => Math.round(Number(text) * 100);

/**
 * A rate ("0.0012" a day, "0.85", "0.015") as a percentage, rounded half up to `decimals` places (0 to 4):
 * ("0.0012", 2) → "0.12", ("0.855", 0) → "86". Counted in whole millionths of the rate, so 28.5 % is 29, not 28.
 */
export function ratePercent(rate: string, decimals: number): string {
  // a millionth of the rate is a ten-thousandth of a percent
  const millionths = Math.round(Number(rate) * 1_000_000);
  const step = 10 ** (4 - decimals);
  const scaled = Math.floor((Math.abs(millionths) + step / 2) / step);
  const sign = millionths < 0 ? "-" : "";
  if (decimals === 0) return `${sign}${scaled}`;
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(scaled / unit)}.${String(scaled % unit).padStart(decimals, "0")}`;
}

/** The same percentage without trailing zeros: ("0.015", 1) → "1.5", ("0.02", 2) → "2". */
export function ratePercentShort(rate: string, decimals: number): string {
  const text = ratePercent(rate, decimals);
  return decimals === 0 ? text : text.replace(/\.?0+$/, "");
}
