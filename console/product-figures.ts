import { money, ratePercent } from "./i18n";

/**
 * How the console writes a product's figures, on the products page and the dashboard's risk panel alike: rates
 * as percentages, amounts with the language's grouping, a range as smallest–largest.
 */
export const percent = (rate: string) => ratePercent(rate, 2);
export const amount = (value: string) => money(value);
export const amountRange = (min: string, max: string) => `${money(min)}–${money(max)}`;

/** The sum of two API amounts ("12.30" + "0.70" → "13.00"), added in cents so no fraction is lost. */
export const addAmounts = (a: string, b: string) => ((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toFixed(2);
