import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { getLimits, setLimits } from "../modules/self-limits/service";
import { sessionSummary } from "../modules/self-limits/session-summary";
import { onceRoute, route } from "./routes";

/** The customer's own limits (responsible trading): read, and changed once per requestId; the reality check's figures. */
export function registerSelfLimitRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.limits, async (_input, { user }) => ({ data: await getLimits(ctx, user) }));
  onceRoute(
    app,
    endpoints.setLimits,
    ctx,
    async (input, { user }, scoped) => {
      const { requestId: _requestId, ...fields } = input;
      return { data: await setLimits(scoped, user, fields), message: "done" };
    },
    { perMinute: 30 * scale },
  );
  // the app asks when a reality check falls due, a few times an hour at most; a higher rate is no customer
  route(app, endpoints.sessionSummary, async (_input, { user, token }) => ({ data: await sessionSummary(ctx, user.id, token) }), {
    perMinute: 20 * scale,
  });
}
