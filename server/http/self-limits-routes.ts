import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { getLimits, setLimits } from "../modules/self-limits/service";
import { onceRoute, route } from "./routes";

/** The customer's own limits (responsible trading): read, and changed once per requestId. */
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
}
