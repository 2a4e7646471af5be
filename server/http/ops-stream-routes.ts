import type { FastifyInstance } from "fastify";

import { opsStreamEndpoints } from "#contract/ops-stream-endpoints";

import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import type { EventHub } from "../modules/events/hub";
import { opsEventsFor, opsStreamRole } from "../modules/events/ops-audience";
import { issueStreamTicket, redeemStreamTicket } from "../modules/events/tickets";
import { endStreamsOnClose, resumeAfter, serveEventStream } from "./event-stream";
import { parseInput } from "./parse-input";
import { route } from "./routes";

/**
 * The console's update stream: the signed-in operator's ticket, then the stream of the queues and figures their
 * role may read. A customer's ticket opens only the customer's stream and an operator's only this one; the
 * machine token gets none (the console is for people, and the token's scripts ask when they need to).
 */
export function registerOpsStreamRoutes(app: FastifyInstance, ctx: ServiceContext, hub: EventHub, scale: number) {
  const hold = endStreamsOnClose(app);
  const spec = opsStreamEndpoints;

  route(
    app,
    spec.opsStreamTicket,
    async (_input, { operator }) => {
      if (operator.id === null) throw new AppError("ops_forbidden");
      return { data: { ticket: await issueStreamTicket(ctx.db, { userId: null, operatorId: operator.id }, ctx.now()) } };
    },
    { perMinute: 60 * scale },
  );

  app.route({
    method: spec.opsStream.method,
    url: spec.opsStream.path,
    config: { auth: spec.opsStream.auth },
    handler: async (request, reply) => {
      const input = parseInput(spec.opsStream.request, request.query);
      const now = ctx.now();
      const owner = await redeemStreamTicket(ctx.db, input.ticket, now);
      const role = owner?.operatorId ? await opsStreamRole(ctx.db, owner.operatorId) : null;
      if (!role) throw new AppError("ops_forbidden");
      const afterId = resumeAfter(request, input.lastEventId);
      hold(await serveEventStream(reply, hub, { userId: null, afterId, now, hears: opsEventsFor(role) }, ctx.log), reply);
    },
  });
}
