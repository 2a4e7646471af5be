import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { invitation, setInviteBonus } from "../modules/invites/service";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

export function registerInvitesRoutes(app: FastifyInstance, ctx: ServiceContext) {
  route(app, endpoints.invitation, async (_input, { user }) => ({ data: await invitation(ctx, user) }));

  const o = opsEndpoints;
  opsWriteRoute(app, o.setInviteBonus, ctx, async (input, _context, scoped, note) => {
    note.target = "settings:invite_bonus";
    return { data: await setInviteBonus(scoped, input.amount, input.policy), message: successMessages.done };
  });
}
