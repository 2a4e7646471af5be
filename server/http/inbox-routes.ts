import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { listMessages, markRead, sendMessage } from "../modules/inbox/service";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

export function registerInboxRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  route(app, endpoints.messages, async (input, { user }) => ({ data: await listMessages(ctx, user, input.page) }));
  route(app, endpoints.readMessage, async (input, { user }) => ({ data: await markRead(ctx, user, input.id) }), { perMinute: 120 * scale });

  const o = opsEndpoints;
  opsWriteRoute(app, o.sendMessage, ctx, async (input, _context, scoped, note) => {
    note.target = input.account ? `account:${input.account}` : "everyone";
    return { data: await sendMessage(scoped, input), message: successMessages.done };
  });
}
