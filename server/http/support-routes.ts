import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { SUPPORT_SEND_PER_MINUTE } from "#contract/support-chat";
import { supportDeskEndpoints } from "#contract/support-desk-endpoints";

import type { ServiceContext } from "../modules/context";
import { listCanned, setCanned } from "../modules/support/canned";
import { customerThread, markSupportRead, sendCustomerLine } from "../modules/support/chat";
import { assignThread, listThreads, supportColleagues, threadForOps, writeOperatorLine } from "../modules/support/desk";
import { office, setOffice } from "../modules/support/office";
import { platformInfo } from "../modules/support/service";
import { opsWriteRoute } from "./ops-write-route";
import { onceRoute, route } from "./routes";

export function registerSupportRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.platformInfo, async () => ({ data: await platformInfo(ctx) }));

  route(app, opsEndpoints.office, async () => ({ data: await office(ctx) }));
  opsWriteRoute(app, opsEndpoints.setOffice, ctx, async (input, _context, scoped, note) => {
    note.target = "settings:office";
    note.before = await office(scoped);
    return { data: await setOffice(scoped, input), message: successMessages.done };
  });

  // the customer's chat: the session names the thread, so no request can reach another customer's
  route(app, endpoints.supportThread, async (input, { user }) => ({ data: await customerThread(ctx, user, input.after) }));
  onceRoute(
    app,
    endpoints.supportSend,
    ctx,
    async (input, { user }, scoped) => ({ data: await sendCustomerLine(scoped, user, input), message: "done" }),
    { perMinute: SUPPORT_SEND_PER_MINUTE * scale },
  );
  route(app, endpoints.supportRead, async (input, { user }) => ({ data: await markSupportRead(ctx, user, input.upTo) }), {
    perMinute: 60 * scale,
  });

  // the console's Support section; every write is audited with its thread as the target
  const s = supportDeskEndpoints;
  route(app, s.supportThreads, async (input, { operator }) => ({ data: await listThreads(ctx, operator, input) }));
  route(app, s.supportThreadForOps, async (input) => ({ data: await threadForOps(ctx, input.userId) }));
  opsWriteRoute(app, s.supportReply, ctx, async (input, { operator }, scoped, note) => {
    note.target = `support:${input.userId}`;
    return { data: await writeOperatorLine(scoped, operator, input, false), message: successMessages.done };
  });
  opsWriteRoute(app, s.supportNote, ctx, async (input, { operator }, scoped, note) => {
    note.target = `support:${input.userId}`;
    return { data: await writeOperatorLine(scoped, operator, input, true), message: successMessages.done };
  });
  opsWriteRoute(app, s.supportAssign, ctx, async (input, _context, scoped, note) => {
    note.target = `support:${input.userId}`;
    return { data: await assignThread(scoped, input), message: successMessages.done };
  });
  route(app, s.supportColleagues, async () => ({ data: await supportColleagues(ctx) }));
  route(app, s.supportCanned, async (input) => ({ data: await listCanned(ctx, input.language) }));
  opsWriteRoute(app, s.setSupportCanned, ctx, async (input, _context, scoped, note) => {
    note.target = input.id === undefined ? "support_canned:new" : `support_canned:${input.id}`;
    return { data: await setCanned(scoped, input), message: successMessages.done };
  });
}
