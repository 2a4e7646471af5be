import type { FastifyInstance, FastifyRequest } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { getOrder, holdingOrders, orderHistory, placeOrder, preTradeCheck } from "../modules/trading/service";
import { statement } from "../modules/trading/statement";
import { languageOf } from "./envelope";
import { route, sessionRoute } from "./routes";

export function registerTradingRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const trading = { ...ctx, feed };
  // orders name their product in the reader's language
  const reading = (request: FastifyRequest) => ({ ...trading, language: languageOf(request) });
  route(app, endpoints.preTradeCheck, async (input, { user }) => ({ data: await preTradeCheck(trading, user, input.pid, input.account) }));
  // place_order checks the session itself, so placing an order is one statement (sessionRoute)
  sessionRoute(
    app,
    endpoints.placeOrder,
    async (input, { session, request }) => ({ data: await placeOrder(reading(request), session, input) }),
    {
      perMinute: 120 * scale,
    },
  );
  route(app, endpoints.order, async (input, { user, request }) => ({ data: await getOrder(reading(request), user, input.id) }));
  route(app, endpoints.holdingOrders, async (input, { user, request }) => ({
    data: await holdingOrders(reading(request), user, input.account),
  }));
  route(app, endpoints.orderHistory, async ({ page, ...filter }, { user, request }) => ({
    data: await orderHistory(reading(request), user, page, filter),
  }));
  route(app, endpoints.statement, async (input, { user, request }) => ({
    data: await statement(reading(request), user, input.days, input.offset),
  }));
}
