import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { goods, klines, latestQuotes, listProducts, productDetail, secondsOptionList } from "../modules/quotes/service";
import { getOrder, holdingOrders, orderHistory, placeOrder, preTradeCheck } from "../modules/trading/service";
import { QuoteAnswers, quoteRoute } from "./quote-answers";
import { route } from "./routes";

export function registerMarketRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const trading = { ...ctx, feed };
  const source = feed.simulated ? "simulated" : "live";
  const answers = new QuoteAnswers(feed, ctx.now);
  quoteRoute(
    app,
    endpoints.products,
    answers,
    feed,
    (input) => input.market ?? "",
    (input, now) => listProducts(feed, now, input.market),
  );
  quoteRoute(
    app,
    endpoints.latestQuotes,
    answers,
    feed,
    (input) => input.pids.join(","),
    (input, now) => latestQuotes(feed, now, input.pids),
  );
  quoteRoute(
    app,
    endpoints.productDetail,
    answers,
    feed,
    (input) => String(input.pid),
    (input, now) => productDetail(feed, now, input.pid),
  );
  route(app, endpoints.klines, async (input) => ({
    data: await klines(ctx, feed, input.pid, input.period, input.limit, { before: input.before, after: input.after }),
    feed: source,
  }));
  route(app, endpoints.seconds, async (input) => ({ data: await secondsOptionList(ctx, feed, input.pid) }));
  route(app, endpoints.goods, async (input, { maybeUser, reply }) => {
    // the ticket carries the reader's balance: no shared cache may keep it
    reply.header("cache-control", "private, no-store");
    return { data: await goods(ctx, feed, input.pid, maybeUser), feed: source };
  });

  route(app, endpoints.preTradeCheck, async (input, { user }) => ({ data: preTradeCheck(trading, user, input.pid) }));
  route(app, endpoints.placeOrder, async (input, { user }) => ({ data: await placeOrder(trading, user, input) }), {
    perMinute: 120 * scale,
  });
  route(app, endpoints.order, async (input, { user }) => ({ data: await getOrder(trading, user, input.id) }));
  route(app, endpoints.holdingOrders, async (_input, { user }) => ({ data: await holdingOrders(trading, user) }));
  route(app, endpoints.orderHistory, async (input, { user }) => ({ data: await orderHistory(trading, user, input.page) }));
}
