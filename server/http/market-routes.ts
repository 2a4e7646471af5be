import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { goods, klines, latestQuotes, listProducts, productDetail, secondsOptionList } from "../modules/quotes/service";
import { getOrder, holdingOrders, orderHistory, placeOrder, preTradeCheck } from "../modules/trading/service";
import { route } from "./routes";

export function registerMarketRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const trading = { ...ctx, feed };
  const source = feed.simulated ? "simulated" : "live";
  route(app, endpoints.products, async (input) => ({ data: listProducts(feed, ctx.now(), input.market), feed: source }));
  route(app, endpoints.latestQuotes, async (input) => ({ data: latestQuotes(feed, ctx.now(), input.pids), feed: source }));
  route(app, endpoints.productDetail, async (input) => ({ data: productDetail(feed, ctx.now(), input.pid), feed: source }));
  route(app, endpoints.klines, async (input) => ({ data: await klines(ctx, feed, input.pid, input.period, input.limit), feed: source }));
  route(app, endpoints.seconds, async (input) => ({ data: await secondsOptionList(ctx, feed, input.pid) }));
  route(app, endpoints.goods, async (input, { maybeUser }) => ({ data: await goods(ctx, feed, input.pid, maybeUser), feed: source }));

  route(app, endpoints.preTradeCheck, async (input, { user }) => ({ data: preTradeCheck(trading, user, input.pid) }));
  route(app, endpoints.placeOrder, async (input, { user }) => ({ data: await placeOrder(trading, user, input) }), {
    perMinute: 120 * scale,
  });
  route(app, endpoints.order, async (input, { user }) => ({ data: await getOrder(trading, user, input.id) }));
  route(app, endpoints.holdingOrders, async (_input, { user }) => ({ data: await holdingOrders(trading, user) }));
  route(app, endpoints.orderHistory, async (input, { user }) => ({ data: await orderHistory(trading, user, input.page) }));
}
