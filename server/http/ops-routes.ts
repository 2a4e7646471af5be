import type { FastifyInstance } from "fastify";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints, opsProductEndpoints } from "#contract/ops";
import { opsProductNameEndpoints } from "#contract/schemas/localized-texts";

import type { PriceFeed } from "../market/feed";
import type { ServiceContext } from "../modules/context";
import { setProductFeed } from "../modules/ops/product-feed";
import { setProductNames } from "../modules/ops/product-names";
import { listProductSettings, setProductLimits, setProductOptions, setProductQuoting, setProductTrading } from "../modules/ops/products";
import { feedHealth, openExposure } from "../modules/ops/risk";
import { readSmsOutbox, showUser, unlockUser } from "../modules/ops/service";
import { opsWriteRoute } from "./ops-write-route";
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
  route(app, opsEndpoints.risk, async () => ({
    data: {
      exposure: await openExposure(ctx, feed),
      feed: feedHealth(ctx, feed),
      process: { pid: process.pid, database: processInfo.database, leader: processInfo.isLeader() },
      at: ctx.now(),
    },
  }));
  route(app, p.listProducts, async () => ({ data: await listProductSettings(ctx, feed) }));
  // the feed reloads the products through its own connection: these rows are written right after the change
  const separate = { separate: true };
  const productBefore = async (pid: string) => (await listProductSettings(ctx, feed)).find((product) => String(product.id) === pid) ?? null;
  opsWriteRoute(
    app,
    p.setProductTrading,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductTrading(scoped, feed, input.pid, input.enabled === "1"), message: successMessages.done };
    },
    separate,
  );
  opsWriteRoute(
    app,
    p.setProductOptions,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductOptions(scoped, feed, input.pid, input.options), message: successMessages.done };
    },
    separate,
  );
  opsWriteRoute(
    app,
    p.setProductLimits,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductLimits(scoped, feed, input), message: successMessages.done };
    },
    separate,
  );
  opsWriteRoute(
    app,
    opsProductNameEndpoints.setProductNames,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductNames(scoped, feed, input), message: successMessages.done };
    },
    separate,
  );
  opsWriteRoute(
    app,
    p.setProductFeed,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductFeed(scoped, feed, input), message: successMessages.done };
    },
    separate,
  );
  opsWriteRoute(
    app,
    p.setProductQuoting,
    ctx,
    async (input, _context, scoped, note) => {
      note.before = await productBefore(input.pid);
      return { data: await setProductQuoting(scoped, feed, input), message: successMessages.done };
    },
    separate,
  );
  route(app, opsEndpoints.smsOutbox, async (input) => ({ data: await readSmsOutbox(ctx, input) }));
  route(app, opsEndpoints.showUser, async (input) => ({ data: await showUser(ctx, input.account) }));
  opsWriteRoute(app, opsEndpoints.unlockUser, ctx, async (input, _context, scoped, note) => {
    note.before = await showUser(scoped, input.account).then((user) => ({ locked: user.locked }));
    return { data: await unlockUser(scoped, input.account), message: successMessages.done };
  });
}
