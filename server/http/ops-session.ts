import type { FastifyReply, FastifyRequest } from "fastify";

import { OPS_SESSION_COOKIE, type OpsRole, roleAllows } from "#contract/operators";

import { sameSecret } from "../modules/accounts/tokens";
import type { ServiceContext } from "../modules/context";
import { AppError } from "../modules/errors";
import { authenticateOperator, MACHINE_OPERATOR, type OperatorIdentity, SESSION_SECONDS } from "../modules/operators/service";

const COOKIE_PATH = "/api/ops";

/** The console session token from the Cookie header, if any. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string") return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === OPS_SESSION_COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
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

/**
 * Who calls an operator endpoint. The machine token counts only in the `ops-token` header (scripts send it;
 * a browser never does on its own), a console session only in its cookie: neither is accepted in the other's
 * place, and a customer's token is neither. A request carrying an `ops-token` header is judged by it alone.
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
  const operator = await authenticateOperator(ctx, sessionCookie(request));
  if (!operator) throw new AppError("ops_forbidden");
  return operator;
}

/** The one place roles are checked: each operator endpoint declares its roles in the contract. */
export function requireRole(operator: OperatorIdentity, allowed: readonly OpsRole[] | undefined) {
  if (!roleAllows(operator.role, allowed)) throw new AppError("ops_role_forbidden");
}
