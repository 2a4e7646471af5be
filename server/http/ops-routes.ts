import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/messages";
import { opsEndpoints, opsProductEndpoints } from "#contract/ops";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { listProductSettings, setProductLimits, setProductOptions, setProductTrading } from "../modules/ops/products";
import { readSmsOutbox, showUser, unlockUser } from "../modules/ops/service";
import { route } from "./routes";

/** What this process is, for operators and for checking that exactly one process runs the jobs. */
export interface ProcessInfo {
  database: "pglite" | "postgres";
  isLeader(): boolean;
}

export function registerOpsRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, processInfo: ProcessInfo) {
  const p = opsProductEndpoints;
  route(app, opsEndpoints.processStatus, async () => ({
    data: { pid: process.pid, database: processInfo.database, leader: processInfo.isLeader() },
  }));
  route(app, p.listProducts, async () => ({ data: await listProductSettings(ctx, feed) }));
  route(app, p.setProductTrading, async (input) => ({
    data: await setProductTrading(ctx, feed, input.pid, input.enabled === "1"),
    message: successMessages.done,
  }));
  route(app, p.setProductOptions, async (input) => ({
    data: await setProductOptions(ctx, feed, input.pid, input.options),
    message: successMessages.done,
  }));
  route(app, p.setProductLimits, async (input) => ({ data: await setProductLimits(ctx, feed, input), message: successMessages.done }));
  route(app, opsEndpoints.smsOutbox, async (input) => ({ data: await readSmsOutbox(ctx, input.phone) }));
  route(app, opsEndpoints.showUser, async (input) => ({ data: await showUser(ctx, input.account) }));
  route(app, opsEndpoints.unlockUser, async (input) => ({
    data: await unlockUser(ctx, input.account),
    message: successMessages.done,
  }));
}
