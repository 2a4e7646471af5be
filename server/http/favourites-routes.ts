import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { listFavourites, setFavourite } from "../modules/favourites/service";
import { route } from "./routes";

/** A customer's starred products: read with Home, changed by the star on a quote row or the trade screen. */
export function registerFavouriteRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, scale: number) {
  const scoped = { ...ctx, feed };
  route(app, endpoints.favourites, async (_input, { user }) => ({ data: await listFavourites(scoped, user) }));
  route(app, endpoints.setFavourite, async (input, { user }) => ({ data: await setFavourite(scoped, user, input.pid, input.on) }), {
    perMinute: 120 * scale,
  });
}
