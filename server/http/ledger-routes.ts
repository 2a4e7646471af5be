import type { FastifyInstance } from "fastify";

import { opsEndpoints } from "#contract/ops";

import type { ServiceContext } from "../modules/context";
import { ledgerCsv, listLedger } from "../modules/ledger/ops-ledger";
import { csvRoute } from "./csv-route";
import { route } from "./routes";

/** The operator's view of every customer's ledger rows, and its export (finance). */
export function registerLedgerRoutes(app: FastifyInstance, ctx: ServiceContext) {
  route(app, opsEndpoints.ledgerRows, async (input) => ({ data: await listLedger(ctx, input) }));
  csvRoute(app, opsEndpoints.exportLedger, ctx, "ledger", (input) => ledgerCsv(ctx, input));
}
