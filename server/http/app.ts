import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

import fastifyCompress from "@fastify/compress";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";

import type { OpsRole } from "#contract/operators";

import type { Database } from "../db/client";
import type { PriceFeed } from "../market/feed";
import type { SessionRef, UserRow } from "../modules/accounts/sessions";
import { authenticate, authenticateCustomer, resolveSession } from "../modules/accounts/sessions";
import type { SmsSender } from "../modules/accounts/sms";
import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import { EventHub } from "../modules/events/hub";
import { sharedRateStore } from "../modules/limits/shared-rate-store";
import type { OperatorIdentity } from "../modules/operators/service";
import { enforceTimeLimits } from "../modules/self-limits/guards";
import { registerAccountRoutes } from "./accounts-routes";
import { registerAdjustmentRoutes } from "./adjustment-routes";
import { registerCardsRoutes } from "./cards-routes";
import { compressOptions } from "./compression";
import { registerConsoleRoutes } from "./console-routes";
import { registerContentRoutes } from "./content-routes";
import { errorEnvelope, sendError } from "./envelope";
import { registerFairRoutes } from "./fair-routes";
import { registerFavouriteRoutes } from "./favourites-routes";
import { registerFinanceRoutes } from "./finance-routes";
import { registerIdentityRoutes } from "./identity-routes";
import { registerInboxRoutes } from "./inbox-routes";
import { registerInvitesRoutes } from "./invites-routes";
import { registerMarketsRoutes } from "./markets-routes";
import { registerMoneyRulesRoutes } from "./money-rules-routes";
import { buildOpenApi } from "./openapi";
import { type ProcessInfo, registerOpsRoutes } from "./ops-routes";
import { identifyOperator, requireRole } from "./ops-session";
import { refuseUntilPasswordChanged } from "./password-change-guard";
import { registerPushRoutes } from "./push-routes";
import { registerRechargeRoutes } from "./recharge-routes";
import { addSecurityHeaders } from "./security-headers";
import { registerSelfLimitRoutes } from "./self-limits-routes";
import { serveApp, serveConsole } from "./static-app";
import { API_REQUESTS_PER_MINUTE, isStaticFileKey, STATIC_FILES_PER_MINUTE, staticFileLimitKey } from "./static-file-limit";
import { registerStreamRoutes } from "./stream-routes";
import { registerSupportRoutes } from "./support-routes";
import { registerTradingRoutes } from "./trading-routes";
import { registerTwoFactorRoutes } from "./two-factor-routes";
import { registerWalletRoutes } from "./wallet-routes";
import { registerWithdrawalRoutes } from "./withdrawal-routes";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
    /** set on `auth: "session"` routes (order placement): the token's session, its user's row not read */
    session: SessionRef | null;
    /** set on `auth: "ops"` endpoints: the named operator, or the machine token acting as admin */
    operator: OperatorIdentity | null;
  }
  interface FastifyInstance {
    /** this process's side of the update stream (tests and the bench wait on it) */
    eventHub: EventHub;
  }
  interface FastifyContextConfig {
    /**
     * the contract's access; `session` is a `user` endpoint whose one statement checks the session itself
     * (sessionRoute in routes.ts), so the hook resolves the token without reading the user's row
     */
    auth?: "none" | "optional" | "user" | "session" | "ops";
    /** operator endpoints: the roles allowed besides admin, from the contract */
    roles?: readonly OpsRole[];
    /** operator endpoints only a named person may call: the machine token is refused */
    person?: true;
  }
}

export interface AppOptions {
  ctx: ServiceContext;
  sms: SmsSender;
  /** the machine credential for scripts (OPS_TOKEN); without it only named operators get in */
  opsToken?: string;
  feed: PriceFeed;
  /** where uploaded images are stored (DATA_DIR/uploads) */
  uploadsDir: string;
  distDir?: string;
  /** the built console (dist-ops), served at /ops/ */
  consoleDir?: string;
  rateLimitScale?: number;
  /** how often an open update stream gets a keep-alive comment and its hold is checked (15 s) */
  streamHeartbeatMs?: number;
  /** PostgreSQL: the rate limits (per route and app-wide) count in the database, shared by every process */
  sharedRateLimits?: boolean;
  /** the shared rate limits' clock in ms (Date.now); tests move it to end a window */
  rateLimitNow?: () => number;
  logger?: boolean;
  /** how this process hears of committed events (Database.listen); without it the stream reads once a second */
  listen?: Database["listen"];
  /** shown by /api/ops/status; a lone process (tests, PGlite) is the job leader */
  processInfo?: ProcessInfo;
  /** origins of push services beyond the browsers' own a subscription may name (PUSH_ORIGINS; tests) */
  pushEndpointOrigins?: readonly string[];
}

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * How long a refused connection is still read after the answer, so a client that is still sending (10 000
 * headers arrive in many packets) gets the answer instead of a reset: closing a socket with unread bytes makes
 * the kernel send RST, and a client that is still writing then loses the answer. nginx does the same
 * ("lingering close"); the bound keeps a client that never stops from holding the connection.
 */
const LINGER_MS = 5_000;
/** connections already answered: Node's parser, left in its error state, reports each further packet again */
const answered = new WeakSet<Duplex>();

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers over the size limit, a malformed
 * request line or chunked body, a header timeout): a raw HTTP/1.1 answer whose body is the API envelope, then
 * the connection closes once the client has finished sending (or after LINGER_MS). Nothing of the request was
 * read, so the language is the default.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  const [status, refusal] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, new AppError("request_too_large")]
      : timedOut
        ? [408, new AppError("malformed_request", {}, "request")]
        : [400, new AppError("malformed_request", {}, "request")];
  const body = JSON.stringify(errorEnvelope(undefined, refusal));
  if (!socket.writable) return void socket.destroy();
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // a client that timed out sends nothing more: nothing to wait for
  if (timedOut) return void socket.destroy();
  // our side is done (FIN after the answer); what the client still sends is read and dropped by the parser,
  // which stays in its error state, until the client closes its side or the time is up
  socket.end();
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: "127.0.0.1",
    clientErrorHandler: answerClientError,
  });
  const scale = options.rateLimitScale ?? 1;
  const sharedLimits = options.sharedRateLimits ? sharedRateStore(options.ctx.db, options.rateLimitNow) : null;

  app.decorateRequest("user", null);
  app.decorateRequest("token", null);
  app.decorateRequest("session", null);
  app.decorateRequest("operator", null);

  // A request whose connection is already gone has no address: Node's parser refused its body (a broken
  // chunked encoding) after the route was chosen, answerClientError has answered the client, and the socket
  // was closed before the hooks ran. The rate limiter keys by address and would throw a TypeError on it, so
  // end it here, ahead of the limiter's hooks (which belong to the routes and run after the app's).
  app.addHook("onRequest", async (request) => {
    if (request.socket.remoteAddress === undefined) throw new AppError("malformed_request", {}, "request");
  });

  await addSecurityHeaders(app, options.distDir);
  await app.register(fastifyCompress, compressOptions);
  await app.register(fastifyRateLimit, {
    // the built app's files are counted apart from the API, under a higher cap (static-file-limit.ts)
    keyGenerator: staticFileLimitKey,
    max: (_request, key) => (isStaticFileKey(key) ? STATIC_FILES_PER_MINUTE : API_REQUESTS_PER_MINUTE) * scale,
    timeWindow: "1 minute",
    errorResponseBuilder: () => new AppError("rate_limited"),
    ...(sharedLimits ? { store: sharedLimits } : {}),
  });
  if (sharedLimits) {
    // onClose runs once the server has stopped and answered its last request: the unspent slices of the
    // shared limits go back to the other processes (a rolling restart must not shrink a client's budget).
    // Best effort: a database that fails now costs at most those slices until their window ends.
    app.addHook("onClose", async () => {
      await sharedLimits.release().catch((error: unknown) => options.ctx.log(`rate-limit slices not handed back: ${String(error)}`));
    });
  }
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  // preParsing, not onRequest: the per-route rate limits are onRequest hooks of each route, which run after the
  // app's onRequest hooks; authenticating here lets them count (and stop) guessed user and operator tokens too.
  app.addHook("preParsing", async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === "user") {
      const token = headerValue(request.headers.token);
      const customer = await authenticateCustomer(options.ctx, token);
      if (!customer || !token) throw new AppError("login_required");
      refuseUntilPasswordChanged(request.routeOptions.url ?? "", customer.user.mustChangePassword);
      // the customer's own time limits: a timeout or exclusion refuses the request, a spent session ends
      await enforceTimeLimits(options.ctx, token, customer);
      request.user = customer.user;
      request.token = token;
    } else if (auth === "session") {
      const token = headerValue(request.headers.token);
      const session = await resolveSession(options.ctx, token);
      if (!session || !token) throw new AppError("login_required");
      refuseUntilPasswordChanged(request.routeOptions.url ?? "", session.mustChangePassword);
      request.session = { tokenHash: session.tokenHash, userId: session.userId };
      request.token = token;
    } else if (auth === "optional") {
      const token = headerValue(request.headers.token);
      const user = token ? await authenticate(options.ctx, token) : null;
      // a session still waiting for its new password is answered as a visitor: the page is public, the account's figures are not
      if (user && token && !user.mustChangePassword) {
        request.user = user;
        request.token = token;
      }
    } else if (auth === "ops") {
      request.operator = await identifyOperator(options.ctx, options.opsToken, request);
      await requireRole(options.ctx, request.operator, request);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return sendError(request, reply, new AppError("rate_limited"));
    if (status === 404) return sendError(request, reply, new AppError("not_found"));
    if (status === 413) return sendError(request, reply, new AppError("request_too_large"));
    // the framework's own refusals (bad JSON, unknown content type, ...) keep their precise status
    if (status >= 400 && status < 500) return sendError(request, reply, new AppError("malformed_request", {}, "request"), status);
    request.log.error(error);
    options.ctx.log(`unhandled error on ${request.method} ${request.url}: ${error instanceof Error ? error.stack : String(error)}`);
    return sendError(request, reply, new AppError("server_error"));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError("not_found")));

  const openApi = buildOpenApi();
  app.get("/api/docs", async () => openApi);

  registerAccountRoutes(app, options.ctx, options.sms, scale);
  registerMarketsRoutes(app, options.ctx, options.feed);
  registerTradingRoutes(app, options.ctx, options.feed, scale);
  registerFairRoutes(app, options.ctx, scale);
  registerFavouriteRoutes(app, options.ctx, options.feed, scale);
  registerSelfLimitRoutes(app, options.ctx, scale);
  registerTwoFactorRoutes(app, options.ctx, scale);
  registerOpsRoutes(app, options.ctx, options.feed, options.processInfo ?? { database: "pglite", isLeader: () => true });
  registerWalletRoutes(app, options.ctx, scale);
  registerCardsRoutes(app, options.ctx, scale);
  registerRechargeRoutes(app, { ...options.ctx, uploadsDir: options.uploadsDir }, options.opsToken, scale);
  registerWithdrawalRoutes(app, options.ctx, scale);
  registerMoneyRulesRoutes(app, options.ctx);
  registerAdjustmentRoutes(app, options.ctx);
  registerFinanceRoutes(app, options.ctx, scale);
  registerIdentityRoutes(app, options.ctx, scale);
  registerInboxRoutes(app, options.ctx, scale);
  registerInvitesRoutes(app, options.ctx);
  registerSupportRoutes(app, options.ctx, scale);
  registerContentRoutes(app, options.ctx, scale);
  registerConsoleRoutes(app, { ...options.ctx, uploadsDir: options.uploadsDir }, scale);

  const eventHub = new EventHub(options.ctx.db, options.ctx.log);
  await eventHub.start(options.listen);
  app.decorate("eventHub", eventHub);
  app.addHook("onClose", () => eventHub.stop());
  registerStreamRoutes(app, options.ctx, eventHub, { scale, heartbeatMs: options.streamHeartbeatMs });
  registerPushRoutes(app, options.ctx, scale, options.pushEndpointOrigins ?? []);

  if (options.distDir) await serveApp(app, options.distDir, options.ctx);
  if (options.consoleDir) await serveConsole(app, options.consoleDir);
  return app;
}
