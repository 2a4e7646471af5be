import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { goods, klines, latestQuotes, listProducts, productDetail, secondsOptionList } from "../modules/markets/service";
import { SparklineAnswers } from "../modules/markets/sparklines";
import { languageOf } from "./envelope";
import { QuoteAnswers, quoteRoute } from "./quote-answers";
import { route } from "./routes";

export function registerMarketsRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed) {
  const answers = new QuoteAnswers(feed, ctx.now);
  quoteRoute(
    app,
    endpoints.products,
    answers,
    feed,
    (input) => input.market ?? "",
    (input, now, language) => listProducts(feed, now, language, input.market),
    (input) =>
      [...feed.products.values()].filter((product) => !input.market || product.market === input.market).map((product) => product.id),
    true,
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
    (input, now, language) => productDetail(feed, now, input.pid, language),
    (input) => [input.pid],
    true,
  );
  const sparklines = new SparklineAnswers(ctx, feed);
  route(app, endpoints.sparklines, async (_input, { reply }) => {
    // the same for everyone and rebuilt once a minute: browsers and shared caches may keep it that long
    reply.header("cache-control", "public, max-age=60");
    return { data: await sparklines.answer(), feed: feed.feedLabel() };
  });
  route(app, endpoints.klines, async (input) => ({
    data: await klines(ctx, feed, input.pid, input.period, input.limit, { before: input.before, after: input.after }),
    feed: feed.feedLabel([input.pid]),
  }));
  route(app, endpoints.seconds, async (input) => ({ data: await secondsOptionList(ctx, feed, input.pid) }));
  route(app, endpoints.goods, async (input, { maybeUser, reply, request }) => {
    // the ticket carries the reader's balance: no shared cache may keep it
    reply.header("cache-control", "private, no-store");
    return { data: await goods(ctx, feed, input.pid, maybeUser, languageOf(request)), feed: feed.feedLabel([input.pid]) };
  });
}
