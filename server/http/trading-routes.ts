import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { getOrder, holdingOrders, orderHistory, placeOrder, preTradeCheck } from "../modules/trading/service";
import { statement } from "../modules/trading/statement";
import { route } from "./routes";

export function registerTradingRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const trading = { ...ctx, feed };
  route(app, endpoints.preTradeCheck, async (input, { user }) => ({ data: preTradeCheck(trading, user, input.pid) }));
  route(app, endpoints.placeOrder, async (input, { user }) => ({ data: await placeOrder(trading, user, input) }), {
    perMinute: 120 * scale,
  });
  route(app, endpoints.order, async (input, { user }) => ({ data: await getOrder(trading, user, input.id) }));
  route(app, endpoints.holdingOrders, async (_input, { user }) => ({ data: await holdingOrders(trading, user) }));
  route(app, endpoints.orderHistory, async ({ page, ...filter }, { user }) => ({ data: await orderHistory(trading, user, page, filter) }));
  route(app, endpoints.statement, async (input, { user }) => ({ data: await statement(trading, user, input.days, input.offset) }));
}
