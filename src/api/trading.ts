import type { OrderHistoryFilter } from "#contract/order-reports";
import { apiPaths } from "#contract/paths";

import { call, type CallOptions } from "./client";

/** Order reads shared by the trade screen and the Order tab. */
export const fetchOrder = (id: number, options?: CallOptions) => call(apiPaths.order, { id }, options);
export const fetchHoldingOrders = (options?: CallOptions) => call(apiPaths.holdingOrders, {}, options);
/** A page of the settled orders, narrowed by the Order tab's filters (none from other callers). */
export const fetchOrderHistory = (page: number, filter: OrderHistoryFilter = {}) => call(apiPaths.orderHistory, { page, ...filter });
