import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import { addCard, deleteCard, listCards } from "../modules/cards/service";
import type { ServiceContext } from "../modules/context";
import { moneyLimits } from "./money-limits";
import { onceRoute, route } from "./routes";

export function registerCardsRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const limits = moneyLimits(scale);
  route(app, endpoints.bankCards, async (_input, { user }) => ({ data: await listCards(ctx, user) }));
  onceRoute(
    app,
    endpoints.addCard,
    ctx,
    async (input, { user }, scoped) => ({ data: await addCard(scoped, user, input), message: "added" }),
    limits.withFundPassword,
  );
  onceRoute(
    app,
    endpoints.deleteCard,
    ctx,
    async (input, { user }, scoped) => ({ data: await deleteCard(scoped, user, input), message: "deleted" }),
    limits.withFundPassword,
  );
}
