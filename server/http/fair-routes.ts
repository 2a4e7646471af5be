import type { FastifyInstance } from "fastify";

import { endpoints } from "#contract/endpoints";

import type { ServiceContext } from "../modules/context";
import { listCommitments, listHeads, listReveals, minuteTicks, orderProof, voidsPerDay } from "../modules/fair/service";
import { route } from "./routes";

/**
 * The verifiable feed's public record (docs/fairness.md): anyone may read it, so each path is rate-limited
 * and each window bounded (contract/schemas/fair.ts); an order's proof is its owner's.
 */
export function registerFairRoutes(app: FastifyInstance, ctx: ServiceContext, scale: number) {
  const limit = { perMinute: 60 * scale };
  route(app, endpoints.fairCommitments, async (input) => ({ data: await listCommitments(ctx, input.from, input.to) }), limit);
  route(app, endpoints.fairReveals, async (input) => ({ data: await listReveals(ctx, input.from, input.to) }), limit);
  route(app, endpoints.fairHeads, async (input) => ({ data: await listHeads(ctx, input.pid, input.from, input.to) }), limit);
  route(app, endpoints.fairTicks, async (input) => ({ data: await minuteTicks(ctx, input.pid, input.start) }), limit);
  route(app, endpoints.fairOrder, async (input, { user }) => ({ data: await orderProof(ctx, user.id, input.id) }), limit);
  route(app, endpoints.fairVoids, async (input) => ({ data: await voidsPerDay(ctx, input.from, input.to) }), limit);
}
