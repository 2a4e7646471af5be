import type { FastifyReply, FastifyRequest } from "fastify";

import { OPS_SESSION_COOKIE, roleAllows } from "#contract/operators";
import { SIGN_IN_STEP_PATHS } from "#contract/ops-paths";

import { sameSecret } from "../modules/accounts/tokens";
import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import { writeAudit } from "../modules/operators/audit";
import { authenticateOperator, MACHINE_OPERATOR, type OperatorIdentity, SESSION_SECONDS } from "../modules/operators/service";
import { cookieValue } from "./cookies";

const COOKIE_PATH = "/api/ops";

/** The console session token from the Cookie header, if any. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  return cookieValue(request, OPS_SESSION_COOKIE);
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure behind https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${OPS_SESSION_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}${secure}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header("set-cookie", `${OPS_SESSION_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`);
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The origin of a URL, or null when it is not one (a header's "null", garbage). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Refuses a browser's POST that another site's page sent: a forged form or script would act with the
 * operator's cookie (SameSite=Strict stops that in current browsers; this holds where it does not). The
 * request's own origin is the scheme and host it was sent to (behind the proxy, as the proxy says). A
 * browser sends Origin with every POST; failing that, Sec-Fetch-Site, failing that, Referer. A request with
 * none of them is no browser's (a script, the CLI), and no page can have made it.
 */
export function requireOwnOrigin(request: FastifyRequest) {
  if (request.method !== "POST") return;
  const own = originOf(`${request.protocol}://${request.host}`);
  const origin = headerValue(request.headers.origin);
  if (origin !== undefined) {
    if (originOf(origin) === own && own !== null) return;
    throw new AppError("ops_origin_forbidden");
  }
  const site = headerValue(request.headers["sec-fetch-site"]);
  if (site !== undefined) {
    if (site === "same-origin" || site === "none") return;
    throw new AppError("ops_origin_forbidden");
  }
  const referer = headerValue(request.headers.referer);
  if (referer !== undefined && (own === null || originOf(referer) !== own)) throw new AppError("ops_origin_forbidden");
}

/**
 * Who calls an operator endpoint. The machine token counts only in the `ops-token` header (scripts send it;
 * a browser never does on its own), a console session only in its cookie: neither is accepted in the other's
 * place, and a customer's token is neither. A request carrying an `ops-token` header is judged by it alone;
 * any other POST must come from this server's own pages.
 */
export async function identifyOperator(
  ctx: ServiceContext,
  opsToken: string | undefined,
  request: FastifyRequest,
): Promise<OperatorIdentity> {
  const given = headerValue(request.headers["ops-token"]);
  if (given !== undefined) {
    if (opsToken && sameSecret(given, opsToken)) return MACHINE_OPERATOR;
    throw new AppError("ops_forbidden");
  }
  requireOwnOrigin(request);
  const operator = await authenticateOperator(ctx, sessionCookie(request));
  if (!operator) throw new AppError("ops_forbidden");
  return operator;
}

/**
 * The one place roles are checked: each operator endpoint declares its roles in the contract, and whether only
 * a person may call it. A refusal is written to the audit log (who, which endpoint and path): an operator
 * probing past their role, or a script with the token trying to move money, shows up.
 */
export async function requireRole(ctx: ServiceContext, operator: OperatorIdentity, request: FastifyRequest) {
  // a session with a step still owed (a new password, an authenticator) reaches only the steps
  if (operator.pending && !SIGN_IN_STEP_PATHS.includes(request.routeOptions.url ?? "")) throw new AppError("ops_step_required");
  const config = request.routeOptions.config;
  // the machine token is no person: it reads and runs reports, and a second approval by it would be nobody's
  const refused = !roleAllows(operator.role, config)
    ? "ops_role_forbidden"
    : config.person && operator.id === null
      ? "ops_person_required"
      : null;
  if (refused === null) return;
  await writeAudit(ctx.db, {
    operator,
    action: `${request.method} ${request.routeOptions.url ?? ""}`,
    target: "",
    input: {},
    after: { ok: false, refused, path: request.url.split("?")[0] },
    ip: request.ip,
    at: ctx.now(),
  });
  throw new AppError(refused);
}

/**
 * The person behind a request only a person may make (the hook above already refused the machine token on those
 * paths; this keeps a handler from ever passing the token on as a person).
 */
export function personOf(operator: OperatorIdentity): { id: number; username: string; key: string } {
  if (operator.id === null) throw new AppError("ops_person_required");
  return { id: operator.id, username: operator.username, key: `operator:${operator.id}` };
}
