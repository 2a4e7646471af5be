import type { FastifyInstance } from "fastify";
import type { z } from "zod";

import type { EndpointSpec } from "#contract/endpoints";
import type { AnswerOf } from "#contract/paths";

import type { Db } from "../db/client";
import type { ServiceContext } from "../modules/context";
import { writeAudit } from "../modules/operators/audit";
import { type Handled, type RequestContext, route } from "./routes";

/** What the handler tells the audit log beyond its input and answer: which record, and how it was before. */
export interface AuditNote {
  target?: string;
  before?: unknown;
}

/** A target named from the usual record fields, for handlers that do not name one. */
function defaultTarget(input: Record<string, unknown>): string {
  for (const field of ["id", "account", "pid", "item", "username"]) {
    const value = input[field];
    if ((typeof value === "string" && value) || typeof value === "number") return `${field}:${value}`;
  }
  return "";
}

/**
 * Registers an operator write: the handler runs in one transaction with its audit row (who, when, which
 * endpoint, the target, before → after, the address), so a change is never without its row and a refused
 * request leaves none. `separate` is for changes that must reach another connection before they answer (the
 * price feed reloads its products through its own): the row is then written right after the change.
 */
export function opsWriteRoute<S extends EndpointSpec, C extends ServiceContext>(
  app: FastifyInstance,
  spec: S,
  ctx: C,
  handler: (input: z.infer<S["request"]>, context: RequestContext, scoped: C, note: AuditNote) => Promise<Handled<AnswerOf<S>>>,
  options: { separate?: boolean; perMinute?: number } = {},
): void {
  const action = `${spec.method} ${spec.path}`;
  route(
    app,
    spec,
    async (input, context) => {
      const note: AuditNote = {};
      const fields = input as Record<string, unknown>;
      const record = (db: Db, result: Handled<unknown>) =>
        writeAudit(db, {
          operator: context.operator,
          action,
          target: note.target ?? defaultTarget(fields),
          input: fields,
          before: note.before,
          after: result.data,
          ip: context.request.ip,
          at: ctx.now(),
        });
      if (options.separate) {
        const result = await handler(input, context, ctx, note);
        await record(ctx.db, result);
        return result;
      }
      return ctx.db.transaction(async (tx) => {
        const scoped = { ...ctx, db: tx as unknown as Db };
        const result = await handler(input, context, scoped, note);
        await record(scoped.db, result);
        return result;
      });
    },
    { perMinute: options.perMinute },
  );
}
