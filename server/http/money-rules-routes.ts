import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { reconcile, reconcileReport } from "../modules/ledger/reconcile";
import { decideMoneyRuleChange, moneyRules, setMoneyRules } from "../modules/money/rules";
import { personOf } from "./ops-session";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

export function registerMoneyRulesRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const o = opsEndpoints;
  route(app, o.moneyRules, async () => ({ data: await moneyRules(ctx) }));
  opsWriteRoute(app, o.setMoneyRules, ctx, async (input, { operator }, scoped, note) => {
    note.target = "settings:money";
    note.before = await moneyRules(scoped);
    return { data: await setMoneyRules(scoped, input, personOf(operator)), message: successMessages.done };
  });
  opsWriteRoute(app, o.decideMoneyRuleChange, ctx, async (input, { operator }, scoped, note) => {
    note.target = `money-rule-change:${input.id}`;
    note.before = await moneyRules(scoped);
    return { data: await decideMoneyRuleChange(scoped, input, personOf(operator)), message: successMessages.done };
  });
  route(app, o.reconcile, async () => ({ data: await reconcile(ctx) }));
  route(app, o.reconcileReport, async (input) => ({ data: await reconcileReport(ctx, input) }));
}
