import type { FastifyInstance, FastifyRequest } from "fastify";

import type { ErrorKey } from "#contract/catalogue";
import type { EndpointSpec } from "#contract/endpoints";
import { endpoints } from "#contract/endpoints";
import { opsStreamEndpoints } from "#contract/ops-stream-endpoints";
import type { streamRequest } from "#contract/schemas/stream";
import { STREAM_HEARTBEAT_SECONDS } from "#contract/stream";

import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import type { EventHub } from "../modules/events/hub";
import { changesOperator, opsEventsFor, opsStreamHolder, opsStreamStillHeld } from "../modules/events/ops-audience";
import { issueStreamTicket, redeemStreamTicket, type StreamOwner } from "../modules/events/tickets";
import { endStreamsOnClose, resumeAfter, serveEventStream, type StreamScope } from "./event-stream";
import { sessionCookie } from "./ops-session";
import { parseInput } from "./parse-input";
import { type RequestContext, route } from "./routes";

/**
 * Whose stream a pair of routes serves: who its ticket is issued to, what a redeemed ticket opens, and the
 * refusal of a ticket that opens nothing (spent, expired, unknown, or the other audience's).
 */
interface StreamAudience {
  ticket: EndpointSpec;
  stream: EndpointSpec & { request: typeof streamRequest };
  owner(context: RequestContext): StreamOwner;
  open(owner: StreamOwner | null, request: FastifyRequest): Promise<StreamScope | null>;
  refusal: ErrorKey;
}

export interface StreamRouteOptions {
  /** the per-minute limit of ticket requests is multiplied by this (RATE_LIMIT_SCALE) */
  scale: number;
  /** how often a comment keeps a quiet stream open and its hold is checked (15 s; tests shorten it) */
  heartbeatMs?: number;
}

/**
 * One audience's stream: a ticket from an authenticated POST, then a GET that holds the connection open (one
 * stream instead of a polling loop per page). Both audiences are served by this one function, so the ticket's
 * redemption, the resume point and the stream's shape cannot drift apart between them.
 */
function streamRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  hub: EventHub,
  hold: ReturnType<typeof endStreamsOnClose>,
  options: StreamRouteOptions,
  audience: StreamAudience,
) {
  route(
    app,
    audience.ticket,
    async (_input, context) => ({ data: { ticket: await issueStreamTicket(ctx.db, audience.owner(context), ctx.now()) } }),
    { perMinute: 60 * options.scale },
  );

  app.route({
    method: audience.stream.method,
    url: audience.stream.path,
    config: { auth: audience.stream.auth },
    handler: async (request, reply) => {
      const input = parseInput(audience.stream.request, request.query);
      const now = ctx.now();
      const scope = await audience.open(await redeemStreamTicket(ctx.db, input.ticket, now), request);
      if (!scope) throw new AppError(audience.refusal);
      const afterId = resumeAfter(request, input.lastEventId);
      const heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_SECONDS * 1000;
      hold(await serveEventStream(reply, hub, { ...scope, afterId, now, heartbeatMs }, ctx.log), reply);
    },
  });
}

/** The customer's stream: their own events, for as long as the connection lasts. */
const customerAudience = (): StreamAudience => ({
  ticket: endpoints.streamTicket,
  stream: endpoints.stream,
  owner: ({ user }) => ({ userId: user.id, operatorId: null }),
  open: async (owner) => (owner && owner.userId !== null ? { userId: owner.userId } : null),
  refusal: "login_required",
});

/**
 * The console's stream: the topics the operator's role may read, held by the console session that opened it. It
 * ends when that session does (signed out, ended, expired, idle) or the operator's role changes, checked at each
 * heartbeat and at once on an `operator_changed` event from any process; the console then asks for a new ticket
 * (the new role's topics) or goes to sign in. The machine token gets no ticket: the console is for people.
 */
const consoleAudience = (ctx: ServiceContext): StreamAudience => ({
  ticket: opsStreamEndpoints.opsStreamTicket,
  stream: opsStreamEndpoints.opsStream,
  owner: ({ operator }) => {
    if (operator.id === null) throw new AppError("ops_forbidden");
    return { userId: null, operatorId: operator.id };
  },
  open: async (owner, request) => {
    if (!owner?.operatorId) return null;
    const holder = await opsStreamHolder(ctx.db, owner.operatorId, sessionCookie(request), ctx.now());
    if (!holder) return null;
    return {
      userId: null,
      hears: opsEventsFor(holder.role),
      hold: { stillHeld: () => opsStreamStillHeld(ctx.db, holder, ctx.now()), changedBy: changesOperator(holder) },
    };
  },
  refusal: "ops_forbidden",
});

/**
 * The customer's and the console's update streams. Streams still open when the app closes are ended first, so a
 * graceful stop is not held up by them.
 */
export function registerStreamRoutes(app: FastifyInstance, ctx: ServiceContext, hub: EventHub, options: StreamRouteOptions) {
  const hold = endStreamsOnClose(app);
  streamRoute(app, ctx, hub, hold, options, customerAudience());
  streamRoute(app, ctx, hub, hold, options, consoleAudience(ctx));
}
