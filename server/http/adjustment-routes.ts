import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";

import { adjustmentsCsv, listAdjustments } from "../modules/adjustments/list";
import { decideAdjustment, proposeAdjustment } from "../modules/adjustments/service";
import type { ServiceContext } from "../modules/context";
import { csvRoute } from "./csv-route";
import { translate } from "./i18n";
import { personOf } from "./ops-session";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

/** Manual adjustments: one person proposes, another applies or rejects; each step audited. */
export function registerAdjustmentRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const o = opsEndpoints;
  route(app, o.listAdjustments, async (input) => ({ data: await listAdjustments(ctx, input) }));
  csvRoute(app, o.exportAdjustments, ctx, "adjustments", (input) => adjustmentsCsv(ctx, input));
  opsWriteRoute(app, o.proposeAdjustment, ctx, async (input, { operator }, scoped, note) => {
    const proposed = await proposeAdjustment(scoped, input, personOf(operator));
    note.target = `adjustment:${proposed.id}`;
    return { data: proposed, message: successMessages.done };
  });
  opsWriteRoute(app, o.decideAdjustment, ctx, async (input, { operator }, scoped, note) => {
    note.target = `adjustment:${input.id}`;
    note.before = { status: "pending" };
    return { data: await decideAdjustment(scoped, input, personOf(operator), translate), message: successMessages.done };
  });
}
