import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

import { type MessageDescriptor, type SuccessKey, successMessages } from "#contract/catalogue";
import type { EndpointSpec } from "#contract/endpoints";
import type { AnswerOf } from "#contract/paths";

import { requireFundPassword, requireReplayedFundPassword } from "../modules/accounts/fund-password";
import type { SessionRef, UserRow } from "../modules/accounts/sessions";
import type { ServiceContext } from "../modules/context";
import type { OperatorIdentity } from "../modules/operators/service";
import { once } from "../modules/requests/once";
import { sendOk } from "./envelope";
import { parseInput } from "./parse-input";

export interface Handled<T> {
  data: T;
  message?: MessageDescriptor;
  /** Quote answers say where prices come from: `feed: "simulated"` beside code/msg/data. */
  feed?: "simulated" | "live" | "mixed";
}

export interface RequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Set on `auth: "user"` endpoints by the auth hook. */
  user: UserRow;
  token: string;
  /** The session's user on `auth: "optional"` endpoints, null without one. */
  maybeUser: UserRow | null;
  /** Set on `auth: "ops"` endpoints: who is acting. */
  operator: OperatorIdentity;
}

/**
 * Registers one contract endpoint: the body (POST) or query (GET) is parsed with the contract's schema, the
 * handler's result goes out in the envelope. The auth hook for `user`/`ops` endpoints runs before this.
 */
export function route<S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  handler: (input: z.infer<S["request"]>, context: RequestContext) => Promise<Handled<AnswerOf<S>>>,
  options: { perMinute?: number } = {},
): void {
  register(app, spec, spec.auth, options, (input, request, reply) =>
    handler(input, {
      request,
      reply,
      user: request.user as UserRow,
      token: request.token ?? "",
      maybeUser: request.user,
      operator: request.operator as OperatorIdentity,
    }),
  );
}

/** What a `sessionRoute` handler gets: the session the token names, its user's row not read. */
export interface SessionRequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
  session: SessionRef;
}

/**
 * Registers a customer endpoint whose one database statement checks the session itself, as committed when it
 * runs (order placement: `place_order` refuses a session ended, expired or locked on any process). The auth
 * hook then resolves the token to its session, from this process's cache when it knows the token, without
 * reading the user's row: that read was half of an order's round trips. A handler that answers without that
 * statement (a refusal decided from memory) must check the session first (`sessionHolds`).
 */
export function sessionRoute<S extends EndpointSpec & { auth: "user" }>(
  app: FastifyInstance,
  spec: S,
  handler: (input: z.infer<S["request"]>, context: SessionRequestContext) => Promise<Handled<AnswerOf<S>>>,
  options: { perMinute?: number } = {},
): void {
  register(app, spec, "session", options, (input, request, reply) =>
    handler(input, { request, reply, session: request.session as SessionRef }),
  );
}

function register<S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  auth: FastifyContextConfig["auth"],
  options: { perMinute?: number },
  handler: (input: z.infer<S["request"]>, request: FastifyRequest, reply: FastifyReply) => Promise<Handled<AnswerOf<S>>>,
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    config: {
      auth,
      roles: spec.roles,
      person: spec.person,
      // at least one a minute: a scaled-down limit (tests, RATE_LIMIT_SCALE) must not round to "never"
      ...(options.perMinute ? { rateLimit: { max: Math.max(1, Math.round(options.perMinute)), timeWindow: "1 minute" } } : {}),
    },
    handler: async (request, reply) => {
      const raw = spec.method === "GET" ? request.query : request.body;
      const input = parseInput(spec.request, raw) as z.infer<S["request"]>;
      const result = await handler(input, request, reply);
      if (result.feed) reply.header("x-price-feed", result.feed);
      return sendOk(request, reply, result.data, result.message, result.feed ? { feed: result.feed } : undefined);
    },
  });
}

/**
 * Registers a contract endpoint whose action must happen once per submission (money moved, a record created).
 * The request's `requestId` is claimed for the user and the action (the path) in the transaction the handler
 * runs in: the handler gets `scoped`, the context whose db is that transaction, and must use it for all of its
 * work. A retry answers what the first request answered; the same requestId with other values is refused.
 */
export function onceRoute<S extends EndpointSpec & { request: z.ZodType<{ requestId: string }> }, C extends ServiceContext>(
  app: FastifyInstance,
  spec: S,
  ctx: C,
  handler: (input: z.infer<S["request"]>, context: RequestContext, scoped: C) => Promise<{ data: AnswerOf<S>; message: SuccessKey }>,
  options: { perMinute?: number; fundPassword?: (input: z.infer<S["request"]>) => string | undefined } = {},
): void {
  route(
    app,
    spec,
    async (input, context) => {
      const { requestId, ...fields } = input as z.infer<S["request"]>;
      const claim = { userId: context.user.id, action: spec.path, requestId };
      // the fund password is checked before the request's transaction: a wrong one stays counted although the
      // refusal rolls that transaction back, so guessing stays limited
      const password = options.fundPassword?.(input);
      const fundPassword =
        password !== undefined && context.user.payPasswordHash !== null
          ? {
              password,
              check: async (): Promise<C> => {
                await requireFundPassword(ctx, context.user, password);
                return { ...ctx, fundPasswordCheckedFor: context.user.id };
              },
              replayed: (matches: boolean) => requireReplayedFundPassword(ctx, context.user, matches),
            }
          : undefined;
      const answer = await once(ctx, claim, fields, (scoped) => handler(input, context, scoped), fundPassword);
      return { data: answer.data as AnswerOf<S>, message: successMessages[answer.message] };
    },
    options,
  );
}
