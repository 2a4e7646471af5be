import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { goods, klines, latestQuotes, listProducts, productDetail, secondsOptionList } from "../modules/quotes/service";
import { SparklineAnswers } from "../modules/quotes/sparklines";
import { getOrder, holdingOrders, orderHistory, placeOrder, preTradeCheck } from "../modules/trading/service";
import { statement } from "../modules/trading/statement";
import { QuoteAnswers, quoteRoute } from "./quote-answers";
import { route } from "./routes";

export function registerMarketRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const trading = { ...ctx, feed };
  const answers = new QuoteAnswers(feed, ctx.now);
  quoteRoute(
    app,
    endpoints.products,
    answers,
    feed,
    (input) => input.market ?? "",
    (input, now) => listProducts(feed, now, input.market),
    (input) =>
      [...feed.products.values()].filter((product) => !input.market || product.market === input.market).map((product) => product.id),
  );
  quoteRoute(
    app,
    endpoints.latestQuotes,
    answers,
    feed,
    (input) => input.pids.join(","),
    (input, now) => latestQuotes(feed, now, input.pids),
    (input) => input.pids,
  );
  quoteRoute(
    app,
    endpoints.productDetail,
    answers,
    feed,
    (input) => String(input.pid),
    (input, now) => productDetail(feed, now, input.pid),
    (input) => [input.pid],
  );
  const sparklines = new SparklineAnswers(ctx, feed);
  route(app, endpoints.sparklines, async (_input, { reply }) => {
    // the same for everyone and rebuilt once a minute: browsers and shared caches may keep it that long
    reply.header("cache-control", "public, max-age=60");
    return { data: await sparklines.answer(), feed: feed.feedLabel() };
  });
  route(app, endpoints.klines, async (input) => ({
    data: await klines(ctx, feed, input.pid, input.period, input.limit),
    feed: feed.feedLabel([input.pid]),
  }));
  route(app, endpoints.seconds, async (input) => ({ data: await secondsOptionList(ctx, feed, input.pid) }));
  route(app, endpoints.goods, async (input, { maybeUser, reply }) => {
    // the ticket carries the reader's balance: no shared cache may keep it
    reply.header("cache-control", "private, no-store");
    return { data: await goods(ctx, feed, input.pid, maybeUser), feed: feed.feedLabel([input.pid]) };
  });

  route(app, endpoints.preTradeCheck, async (input, { user }) => ({ data: preTradeCheck(trading, user, input.pid) }));
  route(app, endpoints.placeOrder, async (input, { user }) => ({ data: await placeOrder(trading, user, input) }), {
    perMinute: 120 * scale,
  });
  route(app, endpoints.order, async (input, { user }) => ({ data: await getOrder(trading, user, input.id) }));
  route(app, endpoints.holdingOrders, async (_input, { user }) => ({ data: await holdingOrders(trading, user) }));
  route(app, endpoints.orderHistory, async ({ page, ...filter }, { user }) => ({ data: await orderHistory(trading, user, page, filter) }));
  route(app, endpoints.statement, async (input, { user }) => ({ data: await statement(trading, user, input.days, input.offset) }));
}
