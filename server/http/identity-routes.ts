import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { withPageSignals, withSignInSignals } from "../modules/customers/fraud-signals";
import { listVerifications, verificationsCsv } from "../modules/identity/queue";
import { reviewVerification, submitVerification, verificationState } from "../modules/identity/service";
import { csvRoute } from "./csv-route";
import { translate } from "./i18n";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerIdentityRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.certificationState, async (_input, { user }) => ({ data: await verificationState(ctx, user) }));
  // tries of ID numbers would otherwise tell which are registered (id_number_exists)
  onceRoute(
    app,
    endpoints.certify,
    ctx,
    async (input, { user }, scoped) => ({ data: await submitVerification(scoped, user, input), message: "verification_submitted" }),
    { perMinute: 10 * scale },
  );

  const o = opsEndpoints;
  route(app, o.listVerifications, async (input) => ({
    data: await withPageSignals(await listVerifications(ctx, input), (rows) => withSignInSignals(ctx.db, rows)),
  }));
  csvRoute(app, o.exportVerifications, ctx, "verifications", (input) => verificationsCsv(ctx, input));
  opsWriteRoute(app, o.reviewVerification, ctx, async (input, { operator }, scoped, note) => {
    note.target = `verification:${input.id}`;
    note.before = { status: "review" };
    return {
      data: await reviewVerification(scoped, Number(input.id), input.decision, input.reason, translate, operator),
      message: successMessages.done,
    };
  });
}
