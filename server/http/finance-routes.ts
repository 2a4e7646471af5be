import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { listPlansForOps, planForOps } from "../modules/finance/ops-plans";
import {
  appendToSubscription,
  joinPlan,
  keepSubscription,
  listPlans,
  setPlan,
  stopSubscription,
  yuebaoInfo,
} from "../modules/finance/service";
import { languageOf } from "./envelope";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerFinanceRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const money = { perMinute: 30 * scale };
  route(app, endpoints.plans, async (_input, { request }) => ({ data: await listPlans(ctx, languageOf(request)) }));
  route(app, endpoints.yuebaoInfo, async (_input, { user, request }) => ({ data: await yuebaoInfo(ctx, user, languageOf(request)) }));
  onceRoute(
    app,
    endpoints.joinPlan,
    ctx,
    async (input, { user, request }, scoped) => ({ data: await joinPlan(scoped, user, input, languageOf(request)), message: "joined" }),
    { ...money, fundPassword: (input) => input.payPassword },
  );
  onceRoute(
    app,
    endpoints.appendSubscription,
    ctx,
    async (input, { user, request }, scoped) => {
      await appendToSubscription(scoped, user, input);
      return { data: await yuebaoInfo(scoped, user, languageOf(request)), message: "appended" };
    },
    { ...money, fundPassword: (input) => input.payPassword },
  );
  onceRoute(
    app,
    endpoints.keepSubscription,
    ctx,
    async (input, { user, request }, scoped) => {
      await keepSubscription(scoped, user, input.id);
      return { data: await yuebaoInfo(scoped, user, languageOf(request)), message: "renewing" };
    },
    money,
  );
  opsWriteRoute(app, opsEndpoints.setPlan, ctx, async (input, _context, scoped, note) => {
    note.target = input.id ? `plan:${input.id}` : "plan:new";
    if (input.id) note.before = await planForOps(scoped, Number(input.id));
    const saved = await setPlan(scoped, input);
    // answered (and audited) in the shape the console lists, so before and after compare field by field
    return { data: await planForOps(scoped, saved!.id), message: successMessages.done };
  });
  route(app, opsEndpoints.listPlansForOps, async () => ({ data: await listPlansForOps(ctx) }));
  onceRoute(
    app,
    endpoints.stopSubscription,
    ctx,
    async (input, { user, request }, scoped) => {
      await stopSubscription(scoped, user, input);
      return { data: await yuebaoInfo(scoped, user, languageOf(request)), message: "settled" };
    },
    { ...money, fundPassword: (input) => input.payPassword },
  );
}
