import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";

import { endSessions, listSessions } from "../modules/accounts/session-list";
import type { ServiceContext } from "../modules/context";
import { disableTotp, enableTotp, setupTotp } from "../modules/two-factor/service";
import { requestLanguage } from "./envelope";
import { translate } from "./i18n";
import { route } from "./routes";

/**
 * The customer's two-step sign-in (an authenticator app's codes) and their open sessions. None moves money or
 * makes a record a retry could double: a resent setup makes a fresh secret, a resent confirmation or switch-off
 * meets a code already used, a resent "end" finds the sessions gone.
 */
export function registerTwoFactorRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  // each try of a code or password is counted (two-factor/service.ts); the per-IP limit only slows a loop
  const perMinute = (max: number) => ({ perMinute: max * scale });
  route(app, endpoints.totpSetup, async (_input, { user }) => ({ data: await setupTotp(ctx, user) }), perMinute(10));
  route(
    app,
    endpoints.totpEnable,
    async (input, { user }) => ({ data: await enableTotp(ctx, user, input.code), message: successMessages.done }),
    perMinute(10),
  );
  route(
    app,
    endpoints.totpDisable,
    async (input, { user }) => {
      await disableTotp(ctx, user, input);
      return { data: {}, message: successMessages.done };
    },
    perMinute(10),
  );
  route(app, endpoints.sessions, async (_input, { user, token, request }) => {
    const language = requestLanguage(request);
    return { data: await listSessions(ctx, user, token, (descriptor, values) => translate(language, descriptor, values)) };
  });
  route(
    app,
    endpoints.sessionsEnd,
    async (input, { user, token }) => ({ data: await endSessions(ctx, user, token, input), message: successMessages.done }),
    perMinute(20),
  );
}
