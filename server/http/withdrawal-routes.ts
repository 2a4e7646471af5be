import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { withWithdrawalSignals } from "../modules/customers/fraud-signals";
import { markPayout } from "../modules/withdrawal/payout-steps";
import { listWithdrawals, reviewWithdrawal } from "../modules/withdrawal/review";
import { withdraw, withdrawalInfo, withdrawRecords } from "../modules/withdrawal/service";
import { translate } from "./i18n";
import { moneyLimits } from "./money-limits";
import { personOf } from "./ops-session";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const limits = moneyLimits(scale);
  route(app, endpoints.withdrawalInfo, async (_input, { user }) => ({ data: await withdrawalInfo(ctx, user) }));
  onceRoute(
    app,
    endpoints.withdraw,
    ctx,
    async (input, { user }, scoped) => ({ data: await withdraw(scoped, user, input), message: "withdraw_submitted" }),
    limits.withFundPassword,
  );
  route(app, endpoints.withdrawRecords, async (input, { user }) => ({ data: await withdrawRecords(ctx, user, input.page) }));

  const o = opsEndpoints;
  route(app, o.listWithdrawals, async (input) => ({ data: await withWithdrawalSignals(ctx.db, await listWithdrawals(ctx, input.status)) }));
  opsWriteRoute(app, o.reviewWithdrawal, ctx, async (input, { operator }, scoped, note) => {
    note.target = `withdrawal:${input.id}`;
    note.before = { status: "review" };
    return {
      data: await reviewWithdrawal(scoped, Number(input.id), input.decision, input.reason, translate, personOf(operator).key),
      message: successMessages.done,
    };
  });
  opsWriteRoute(app, o.markWithdrawalPaid, ctx, async (input, { operator }, scoped, note) => {
    note.target = `withdrawal:${input.id}`;
    note.before = { payout: "awaiting" };
    const marked = await markPayout(scoped, input.id, { paid: true, reference: input.reference }, personOf(operator).key, translate);
    return { data: marked, message: successMessages.done };
  });
  opsWriteRoute(app, o.markWithdrawalFailed, ctx, async (input, { operator }, scoped, note) => {
    note.target = `withdrawal:${input.id}`;
    note.before = { payout: "awaiting" };
    const marked = await markPayout(scoped, input.id, { paid: false, reason: input.reason }, personOf(operator).key, translate);
    return { data: marked, message: successMessages.done };
  });
}
