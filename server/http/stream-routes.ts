import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import type { EventHub } from "../modules/events/hub";
import { issueStreamTicket, redeemStreamTicket } from "../modules/events/tickets";
import { endStreamsOnClose, resumeAfter, serveEventStream } from "./event-stream";
import { parseInput } from "./parse-input";
import { route } from "./routes";

/**
 * The customer's update stream: a ticket from an authenticated POST, then a GET that holds the connection open
 * (one stream instead of a polling loop per page). Streams still open when the app closes are ended first, so a
 * graceful stop is not held up by them.
 */
export function registerStreamRoutes(app: FastifyInstance, ctx: ServiceContext, hub: EventHub, scale: number) {
  const hold = endStreamsOnClose(app);

  route(
    app,
    endpoints.streamTicket,
    async (_input, { user }) => ({ data: { ticket: await issueStreamTicket(ctx.db, { userId: user.id, operatorId: null }, ctx.now()) } }),
    { perMinute: 60 * scale },
  );

  app.route({
    method: endpoints.stream.method,
    url: endpoints.stream.path,
    config: { auth: endpoints.stream.auth },
    handler: async (request, reply) => {
      const input = parseInput(endpoints.stream.request, request.query);
      const now = ctx.now();
      const owner = await redeemStreamTicket(ctx.db, input.ticket, now);
      if (!owner || owner.userId === null) throw new AppError("login_required");
      const afterId = resumeAfter(request, input.lastEventId);
      hold(await serveEventStream(reply, hub, { userId: owner.userId, afterId, now }, ctx.log), reply);
    },
  });
}
