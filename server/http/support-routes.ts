import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { office, setOffice } from "../modules/support/office";
import { platformInfo } from "../modules/support/service";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

export function registerSupportRoutes(app: FastifyInstance, ctx: ServiceContext) {
  route(app, endpoints.platformInfo, async () => ({ data: await platformInfo(ctx) }));

  route(app, opsEndpoints.office, async () => ({ data: await office(ctx) }));
  opsWriteRoute(app, opsEndpoints.setOffice, ctx, async (input, _context, scoped, note) => {
    note.target = "settings:office";
    note.before = await office(scoped);
    return { data: await setOffice(scoped, input), message: successMessages.done };
  });
}
