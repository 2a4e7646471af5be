import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

import fastifyCompress from "@fastify/compress";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";

import type { OpsRole } from "#contract/operators";

import type { PriceFeed } from "../market/feed";
import type { UserRow } from "../modules/accounts/sessions";
import { authenticate } from "../modules/accounts/sessions";
import type { SmsSender } from "../modules/accounts/sms";
import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import { sharedRateStore } from "../modules/limits/shared-rate-store";
import type { OperatorIdentity } from "../modules/operators/service";
import { registerAccountRoutes } from "./accounts-routes";
import { registerCardsRoutes } from "./cards-routes";
import { compressOptions } from "./compression";
import { registerConsoleRoutes } from "./console-routes";
import { registerContentRoutes } from "./content-routes";
import { errorEnvelope, sendError } from "./envelope";
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
import { registerRechargeRoutes } from "./recharge-routes";
import { addSecurityHeaders } from "./security-headers";
import { serveApp, serveConsole } from "./static-app";
import { registerSupportRoutes } from "./support-routes";
import { registerTradingRoutes } from "./trading-routes";
import { registerWalletRoutes } from "./wallet-routes";
import { registerWithdrawalRoutes } from "./withdrawal-routes";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
    /** set on `auth: "ops"` endpoints: the named operator, or the machine token acting as admin */
    operator: OperatorIdentity | null;
  }
  interface FastifyContextConfig {
    auth?: "none" | "optional" | "user" | "ops";
    /** operator endpoints: the roles allowed besides admin, from the contract */
    roles?: readonly OpsRole[];
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
  /** PostgreSQL: the rate limits (per route and app-wide) count in the database, shared by every process */
  sharedRateLimits?: boolean;
  /** the shared rate limits' clock in ms (Date.now); tests move it to end a window */
  rateLimitNow?: () => number;
  logger?: boolean;
  /** shown by /api/ops/status; a lone process (tests, PGlite) is the job leader */
  processInfo?: ProcessInfo;
}

const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers over the size limit, a malformed
 * request line, a header timeout): a raw HTTP/1.1 answer whose body is the API envelope, then the
 * connection closes. Nothing of the request was read, so the language is the default.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, refusal] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, new AppError("request_too_large")]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, new AppError("malformed_request", {}, "request")]
        : [400, new AppError("malformed_request", {}, "request")];
  const body = JSON.stringify(errorEnvelope(undefined, refusal));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
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

  app.decorateRequest("user", null);
  app.decorateRequest("token", null);
  app.decorateRequest("operator", null);

  await addSecurityHeaders(app);
  await app.register(fastifyCompress, compressOptions);
  await app.register(fastifyRateLimit, {
    max: 600 * scale,
    timeWindow: "1 minute",
    errorResponseBuilder: () => new AppError("rate_limited"),
    ...(options.sharedRateLimits ? { store: sharedRateStore(options.ctx.db, options.rateLimitNow) } : {}),
  });
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  // preParsing, not onRequest: the per-route rate limits are onRequest hooks of each route, which run after the
  // app's onRequest hooks; authenticating here lets them count (and stop) guessed user and operator tokens too.
  app.addHook("preParsing", async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === "user") {
      const token = headerValue(request.headers.token);
      const user = await authenticate(options.ctx, token);
      if (!user || !token) throw new AppError("login_required");
      request.user = user;
      request.token = token;
    } else if (auth === "optional") {
      const token = headerValue(request.headers.token);
      const user = token ? await authenticate(options.ctx, token) : null;
      if (user && token) {
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
  registerFavouriteRoutes(app, options.ctx, options.feed, scale);
  registerOpsRoutes(app, options.ctx, options.feed, options.processInfo ?? { database: "pglite", isLeader: () => true });
  registerWalletRoutes(app, options.ctx, scale);
  registerCardsRoutes(app, options.ctx, scale);
  registerRechargeRoutes(app, { ...options.ctx, uploadsDir: options.uploadsDir }, options.opsToken, scale);
  registerWithdrawalRoutes(app, options.ctx, scale);
  registerMoneyRulesRoutes(app, options.ctx);
  registerFinanceRoutes(app, options.ctx, scale);
  registerIdentityRoutes(app, options.ctx, scale);
  registerInboxRoutes(app, options.ctx, scale);
  registerInvitesRoutes(app, options.ctx);
  registerSupportRoutes(app, options.ctx);
  registerContentRoutes(app, options.ctx, scale);
  registerConsoleRoutes(app, { ...options.ctx, uploadsDir: options.uploadsDir }, scale);

  if (options.distDir) await serveApp(app, options.distDir);
  if (options.consoleDir) await serveConsole(app, options.consoleDir);
  return app;
}
