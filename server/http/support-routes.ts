import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { platformInfo } from "../modules/support/service";
import { route } from "./routes";

export function registerSupportRoutes(app: FastifyInstance, ctx: ServiceContext) {
  route(app, endpoints.platformInfo, async () => ({ data: await platformInfo(ctx) }));
}
