import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsMineEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { listVerifications, reviewVerification, submitVerification, verificationState } from "../modules/identity/service";
import { listMessages, markRead, sendMessage } from "../modules/inbox/service";
import { invitation, setInviteBonus } from "../modules/invites/service";
import { platformInfo } from "../modules/support/service";
import { translate } from "./i18n";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerMineRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.certificationState, async (_input, { user }) => ({ data: await verificationState(ctx, user) }));
  // tries of ID numbers would otherwise tell which are registered (id_number_exists)
  onceRoute(
    app,
    endpoints.certify,
    ctx,
    async (input, { user }, scoped) => ({ data: await submitVerification(scoped, user, input), message: "verification_submitted" }),
    { perMinute: 10 * scale },
  );
  route(app, endpoints.messages, async (input, { user }) => ({ data: await listMessages(ctx, user, input.page) }));
  route(app, endpoints.readMessage, async (input, { user }) => ({ data: await markRead(ctx, user, input.id) }), { perMinute: 120 * scale });
  route(app, endpoints.invitation, async (_input, { user }) => ({ data: await invitation(ctx, user) }));
  route(app, endpoints.platformInfo, async () => ({ data: await platformInfo(ctx) }));

  const o = opsMineEndpoints;
  route(app, o.listVerifications, async () => ({ data: await listVerifications(ctx) }));
  opsWriteRoute(app, o.reviewVerification, ctx, async (input, _context, scoped, note) => {
    note.target = `verification:${input.id}`;
    note.before = { status: "review" };
    return {
      data: await reviewVerification(scoped, Number(input.id), input.decision, input.reason, translate),
      message: successMessages.done,
    };
  });
  opsWriteRoute(app, o.sendMessage, ctx, async (input, _context, scoped, note) => {
    note.target = input.account ? `account:${input.account}` : "everyone";
    return { data: await sendMessage(scoped, input), message: successMessages.done };
  });
  opsWriteRoute(app, o.setInviteBonus, ctx, async (input, _context, scoped, note) => {
    note.target = "settings:invite_bonus";
    return { data: await setInviteBonus(scoped, input.amount, input.policy), message: successMessages.done };
  });
}
