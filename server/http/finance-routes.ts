import type { FastifyInstance } from "fastify";
import { endpoints } from "../../contract/endpoints";
import { successMessages } from "../../contract/messages";
import type { ServiceContext } from "../modules/context";
import { opsFinanceEndpoints } from "../../contract/ops";
import { appendToSubscription, joinPlan, keepSubscription, listPlans, setPlan, stopSubscription, yuebaoInfo } from "../modules/finance/service";
import { route } from "./routes";

export function registerFinanceRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const money = { perMinute: 30 * scale };
  route(app, endpoints.plans, async () => ({ data: await listPlans(ctx) }));
  route(app, endpoints.yuebaoInfo, async (_input, { user }) => ({ data: await yuebaoInfo(ctx, user) }));
  route(app, endpoints.joinPlan, async (input, { user }) => ({ data: await joinPlan(ctx, user, input), message: successMessages.joined }), money);
  route(app, endpoints.appendSubscription, async (input, { user }) => {
    await appendToSubscription(ctx, user, input);
    return { data: await yuebaoInfo(ctx, user), message: successMessages.appended };
  }, money);
  route(app, endpoints.keepSubscription, async (input, { user }) => {
    await keepSubscription(ctx, user, input.id);
    return { data: await yuebaoInfo(ctx, user), message: successMessages.renewing };
  }, money);
  route(app, opsFinanceEndpoints.setPlan, async (input) => ({ data: await setPlan(ctx, input), message: successMessages.done }));
  route(app, endpoints.stopSubscription, async (input, { user }) => {
    await stopSubscription(ctx, user, input.id);
    return { data: await yuebaoInfo(ctx, user), message: successMessages.settled };
  }, money);
}
