import { Readable } from "node:stream";

import type { FastifyInstance } from "fastify";
import type { z } from "zod";

import type { EndpointSpec } from "#contract/endpoints";
import type { CsvText } from "#contract/ops-paths";
import type { AnswerOf } from "#contract/paths";

import type { UserRow } from "../modules/accounts/sessions";
import type { ServiceContext } from "../modules/context";
import { isoTime } from "../modules/csv";
import { writeAudit } from "../modules/operators/audit";
import type { OperatorIdentity } from "../modules/operators/service";
import { parseInput } from "./parse-input";

/**
 * Registers a list's CSV export: the same auth hook and role check as every operator endpoint, the list's own
 * filters parsed by the contract (a bad one is refused in the envelope, before any line), then the audit row
 * (who exported what, with which filters) and the lines streamed as the list's pages are read, so an export of
 * any size holds one batch in memory.
 */
export function csvRoute<S extends EndpointSpec & { auth: "ops" }>(
  app: FastifyInstance,
  spec: S & (AnswerOf<S> extends CsvText ? unknown : never),
  ctx: ServiceContext,
  name: string,
  lines: (input: z.infer<S["request"]>) => AsyncIterable<string>,
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    config: { auth: spec.auth, roles: spec.roles, person: spec.person },
    handler: async (request, reply) => {
      const input = parseInput(spec.request, request.query) as z.infer<S["request"]>;
      const at = ctx.now();
      await writeAudit(ctx.db, {
        operator: request.operator as OperatorIdentity,
        action: `${spec.method} ${spec.path}`,
        target: `export:${name}`,
        input: input as Record<string, unknown>,
        after: { format: "csv" },
        ip: request.ip,
        at,
      });
      const stamp = isoTime(at).replace(/[-:]/g, "");
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines(input)));
    },
  });
}

/**
 * Registers a customer's CSV download of their own records: the user auth hook, the filters parsed by the
 * contract (refused in the envelope before any line), a per-minute limit (an export reads every matching row),
 * then the lines streamed. No audit row: customers reading their own data is no operator action.
 */
export function userCsvRoute<S extends EndpointSpec & { auth: "user" }>(
  app: FastifyInstance,
  spec: S & (AnswerOf<S> extends CsvText ? unknown : never),
  ctx: ServiceContext,
  name: string,
  perMinute: number,
  lines: (input: z.infer<S["request"]>, user: UserRow) => AsyncIterable<string>,
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    config: { auth: spec.auth, rateLimit: { max: Math.max(1, Math.round(perMinute)), timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const input = parseInput(spec.request, request.query) as z.infer<S["request"]>;
      const stamp = isoTime(ctx.now()).replace(/[-:]/g, "");
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}-${stamp}.csv"`)
        .header("cache-control", "private, no-store")
        .send(Readable.from(lines(input, request.user as UserRow)));
    },
  });
}
