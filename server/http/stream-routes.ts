import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import type { EventHub } from "../modules/events/hub";
import { issueStreamTicket, redeemStreamTicket } from "../modules/events/tickets";
import { serveEventStream } from "./event-stream";
import { parseInput } from "./parse-input";
import { route } from "./routes";

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The customer's update stream: a ticket from an authenticated POST, then a GET that holds the connection open
 * (one stream instead of a polling loop per page). Streams still open when the app closes are ended first, so a
 * graceful stop is not held up by them.
 */
export function registerStreamRoutes(app: FastifyInstance, ctx: ServiceContext, hub: EventHub, scale: number) {
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });

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
      // EventSource sends Last-Event-ID itself when it reconnects; the app passes lastEventId with a new ticket
      const header = headerValue(request.headers["last-event-id"]);
      const fromHeader = header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
      const afterId = input.lastEventId ?? fromHeader ?? null;
      const end = await serveEventStream(reply, hub, { userId: owner.userId, afterId, now }, ctx.log);
      open.add(end);
      reply.raw.once("close", () => open.delete(end));
    },
  });
}
