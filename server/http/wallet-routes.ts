import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { fundsCsv, fundsStatement } from "../modules/wallet/funds";
import { resetPractice } from "../modules/wallet/practice";
import { exchange, exchangeRecords, wallet } from "../modules/wallet/service";
import { userCsvRoute } from "./csv-route";
import { moneyLimits } from "./money-limits";
import { onceRoute, route } from "./routes";

export function registerWalletRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const limits = moneyLimits(scale);
  route(app, endpoints.wallet, async (_input, { user }) => ({ data: await wallet(ctx, user) }));
  // each money action is claimed by its requestId: a retried or doubled submission is answered, not redone
  onceRoute(
    app,
    endpoints.exchange,
    ctx,
    async (input, { user }, scoped) => ({ data: await exchange(scoped, user, input), message: "done" }),
    limits.withFundPassword,
  );
  // a reset is claimed by its requestId too: a doubled tap resets once and both taps get the same answer
  onceRoute(
    app,
    endpoints.practiceReset,
    ctx,
    async (input, { user }, scoped) => ({ data: await resetPractice(scoped, user, input.requestId), message: "done" }),
    limits.money,
  );
  route(app, endpoints.exchangeRecords, async (input, { user }) => ({ data: await exchangeRecords(ctx, user, input.page) }));
  route(app, endpoints.funds, async (input, { user }) => ({ data: await fundsStatement(ctx, user, input) }));
  // a download reads every line the filters select: a few a minute is plenty for a person, little for a script
  userCsvRoute(app, endpoints.fundsCsv, ctx, "funds", 6 * scale, (input, user) => fundsCsv(ctx, user, input));
}
