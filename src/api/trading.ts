import { apiPaths } from "#contract/paths";
import type { Order, OrderPage } from "#contract/trading";

import { call, type CallOptions } from "./client";

/** Order reads shared by the trade screen and the Order tab. */
export const fetchOrder = (id: number) => call<Order>(apiPaths.order, { id });
export const fetchHoldingOrders = (options?: CallOptions) => call<Order[]>(apiPaths.holdingOrders, {}, options);
export const fetchOrderHistory = (page: number) => call<OrderPage>(apiPaths.orderHistory, { page });
