/**
 * Numbers inside server-made texts (refusals, inbox messages), written in the reader's language: "mindestens
 * 10,50 U" in de, "at least 10.50 U" in en. The server fills a message's placeholders through these, never with
 * the API's decimal strings, which are for programs.
 */
import type { ErrorKey } from "./catalogue";
import { CURRENCY } from "./constants";
import { formatDecimal } from "./decimal-format";

/** How a placeholder's number is written: money with its unit, a plain decimal (a price, a rate), or a count. */
export type NumberKind = "amount" | "decimal";

/**
 * Every refusal placeholder that carries a number, by key. A new refusal with a number joins this table, or its
 * number reaches the customer in the API's form: tests/server/refusal-numbers.test.ts reads the catalogue and fails
 * for a numeric placeholder missing here.
 */
export const errorNumberValues: Partial<Record<ErrorKey, Record<string, NumberKind>>> = {
  withdraw_amount_limit: { min: "amount", max: "amount" },
  holding_total_max: { max: "amount" },
  single_max: { max: "amount" },
  single_min: { min: "amount" },
  amount_too_small: { min: "amount" },
  amount_too_large: { max: "amount" },
  correction_exceeded: { max: "amount" },
  // a range of any field: a rate ("0.0001 to 100.0000"), a count or an amount, as the field has it
  out_of_range: { min: "decimal", max: "decimal" },
  feed_stale_seconds_range: { max: "decimal" },
  payout_rate_cap: { cap: "decimal" },
  option_seconds_min: { min: "decimal" },
  price_moved: { price: "decimal" },
};

/** The unit an amount is counted in: the customer's cash (U) or the platform's coin. */
export type AmountUnit = "cash" | "coin";

/** An amount handed to a text with its unit, as the API's decimal string ("10.50", "0.5000"). */
export class UnitAmount {
  constructor(
    readonly decimal: string,
    readonly unit: AmountUnit = "cash",
  ) {}
  toString() {
    return this.decimal;
  }
}

/**
 * An amount in a language with its unit: at least two decimals, more when it was written with more (a coin
 * rate's four), grouped; `coinWord` is the coin's name in that language.
 */
export function amountText(value: UnitAmount | string | number, language: string, coinWord: string): string {
  const amount = value instanceof UnitAmount ? value : new UnitAmount(String(value));
  const unit = amount.unit === "coin" ? coinWord : CURRENCY;
  return `${formatDecimal(amount.decimal, language, 2)}\u00a0${unit}`;
}
