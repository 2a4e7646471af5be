import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

/** The statement of the last `days` days, cut into days at this device's clock. */
export const fetchStatement = (days: number) =>
  call(apiPaths.statement, { days, offset: -new Date().getTimezoneOffset() }, { quiet: true });

/** The products, for the history's product filter. */
export const fetchProductNames = () => call(apiPaths.products, {}, { quiet: true });

/** A date input's day (YYYY-MM-DD) as the Unix second of its midnight on this device; `next` gives the following midnight. */
export function localMidnight(day: string, next = false): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (next ? 1 : 0)).getTime() / 1000;
}
