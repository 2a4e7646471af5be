import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { pushPublicKey, subscribePush, unsubscribePush } from "../modules/push/service";
import { languageOf } from "./envelope";
import { route } from "./routes";

/**
 * Web Push: the public key, and a device's subscription stored or removed. Both writes name the state they
 * leave (the endpoint is unique), so a retry does the same thing again and no requestId claim is needed.
 */
export function registerPushRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number, extraOrigins: readonly string[]) {
  route(app, endpoints.pushKey, async () => ({ data: await pushPublicKey(ctx) }));
  route(
    app,
    endpoints.pushSubscribe,
    async (input, { user, request }) => ({
      data: await subscribePush(ctx, user, input, {
        userAgent: request.headers["user-agent"] ?? null,
        language: languageOf(request),
        extraOrigins,
      }),
    }),
    { perMinute: 20 * scale },
  );
  route(app, endpoints.pushUnsubscribe, async (input, { user }) => ({ data: await unsubscribePush(ctx, user, input.endpoint) }), {
    perMinute: 20 * scale,
  });
}
