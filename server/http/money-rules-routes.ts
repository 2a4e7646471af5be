import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { reconcile, reconcileReport } from "../modules/ledger/reconcile";
import { moneyRules, setMoneyRules } from "../modules/money/rules";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

export function registerMoneyRulesRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const o = opsEndpoints;
  route(app, o.moneyRules, async () => ({ data: await moneyRules(ctx) }));
  opsWriteRoute(app, o.setMoneyRules, ctx, async (input, _context, scoped, note) => {
    note.target = "settings:money";
    note.before = await moneyRules(scoped);
    return { data: await setMoneyRules(scoped, input), message: successMessages.done };
  });
  route(app, o.reconcile, async () => ({ data: await reconcile(ctx) }));
  route(app, o.reconcileReport, async (input) => ({ data: await reconcileReport(ctx, input) }));
}
