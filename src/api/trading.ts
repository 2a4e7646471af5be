import type { OrderHistoryFilter } from "#contract/order-reports";
import { apiPaths } from "#contract/paths";
import type { OrderAccount } from "#contract/trading";

import { call, type CallOptions } from "./client";

/** Order reads shared by the trade screen and the Order tab. */
export const fetchOrder = (id: number, options?: CallOptions) => call(apiPaths.order, { id }, options);
/** The holding orders of one account: real unless asked for practice. */
export const fetchHoldingOrders = (options?: CallOptions, account: OrderAccount = "real") =>
  call(apiPaths.holdingOrders, account === "real" ? {} : { account }, options);
/** The holding orders of both accounts, one list (each order says its account): what the trade screen draws from. */
export async function fetchEveryHoldingOrder(options?: CallOptions) {
  const [real, practice] = await Promise.all([fetchHoldingOrders(options), fetchHoldingOrders(options, "practice")]);
  if (real.code !== 1) return real;
  if (practice.code !== 1) return practice;
  return { ...real, data: [...real.data, ...practice.data] };
}
/** A page of the settled orders, narrowed by the Order tab's filters (none from other callers). */
export const fetchOrderHistory = (page: number, filter: OrderHistoryFilter = {}) => call(apiPaths.orderHistory, { page, ...filter });
