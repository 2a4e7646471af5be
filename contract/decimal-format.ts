/**
 * Decimal strings written exactly in a language's form. Apart from locale-format.ts because Home shows none: the
 * wallet's rate and the server's texts do.
 */
import { BCP47, toLanguageCode } from "./languages";
import { cachedFormat } from "./locale-format";

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal string in a language's form, grouped, with the decimals it was written with (at least `minDecimals`):
 * ("50000", de) → "50.000", ("0.5000", de) → "0,5000", ("1.08345", fr) → "1,08345", ("10.5", de, 2) → "10,50".
 * Exact: the digits are formatted as written, never through a binary float. Text that is no decimal is returned as it is.
 */
export function formatDecimal(value: string | number, language: string, minDecimals = 0): string {
  const text = String(value).trim();
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text);
  if (!match) return String(value);
  const decimals = Math.min(Math.max(match[1]?.length ?? 0, minDecimals), 20);
  const code = toLanguageCode(language);
  const format = cachedFormat(
    decimalFormats,
    `${code}|${decimals}`,
    () => new Intl.NumberFormat(BCP47[code], { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true }),
  );
  // a decimal string is formatted exactly (Intl's string input); the cast is for TypeScript's older signature
  return format.format(text as unknown as number);
}
