import { parseAmount } from "#contract/money";

import { AppError } from "./errors";

export const rateText = (rate: number) => (rate / 10000).toFixed(4);

export { centsToShortDecimal as limitText } from "#contract/format";

export function amountOf(text: string): number {
  const cents = parseAmount(text);
  if (cents === null || cents <= 0) throw new AppError("invalid_input", {}, "amount");
  return cents;
}
