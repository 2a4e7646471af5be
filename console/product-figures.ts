import { ratePercentShort } from "#contract/format";

import { money } from "./i18n";

/**
 * How the console writes a product's figures, on the products page and the dashboard's risk panel alike: rates
 * as percentages, amounts with the language's grouping, a range as smallest–largest.
 */
export const percent = (rate: string) => `${ratePercentShort(rate, 2)} %`;
export const amount = (value: string) => money(value);
export const amountRange = (min: string, max: string) => `${money(min)}–${money(max)}`;

/** The money figures of the exposure table, in column order; the worst-case payout is the one to watch. */
export const EXPOSURE_FIGURES = ["stakeUp", "stakeDown", "payoutIfUp", "payoutIfDown", "worstCasePayout", "worstCaseLoss"] as const;
export type ExposureFigure = (typeof EXPOSURE_FIGURES)[number];
