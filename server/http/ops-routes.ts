import type { FastifyInstance } from "fastify";
import { opsEndpoints } from "../../contract/ops";
import { successMessages } from "../../contract/messages";
import type { ServiceContext } from "../modules/context";
import { readSmsOutbox, showUser, unlockUser } from "../modules/ops/service";
import { route } from "./routes";

export function registerOpsRoutes(app: FastifyInstance, ctx: ServiceContext) {
  route(app, opsEndpoints.smsOutbox, async (input) => ({ data: await readSmsOutbox(ctx, input.phone) }));
  route(app, opsEndpoints.showUser, async (input) => ({ data: await showUser(ctx, input.account) }));
  route(app, opsEndpoints.unlockUser, async (input) => ({
    data: await unlockUser(ctx, input.account),
    message: successMessages.done,
  }));
}
