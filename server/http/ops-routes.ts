import type { FastifyInstance } from "fastify";
import type { z } from "zod";

import { successMessages } from "#contract/catalogue";
import { opsEndpoints } from "#contract/ops";
import type { AnswerOf } from "#contract/paths";

import type { PriceFeed } from "../market/feed";
import { showUser } from "../modules/accounts/customer-views";
import { readSmsOutbox } from "../modules/accounts/sms-outbox";
import { unlockUser } from "../modules/accounts/unlock-user";
import type { ServiceContext } from "../modules/context";
import { feedHealth, openExposure } from "../modules/dashboard/risk";
import { setProductFeed } from "../modules/markets/product-feed";
import { setProductNames } from "../modules/markets/product-names";
import {
  listProductSettings,
  setProductLimits,
  setProductOptions,
  setProductQuoting,
  setProductTrading,
} from "../modules/markets/product-settings";
import { registerCustomerDeskRoutes } from "./customer-desk-routes";
import { opsWriteRoute } from "./ops-write-route";
import { route } from "./routes";

type ProductWrite =
  "setProductTrading" | "setProductOptions" | "setProductLimits" | "setProductNames" | "setProductFeed" | "setProductQuoting";

/** What this process is, for operators and for checking that exactly one process runs the jobs. */
export interface ProcessInfo {
  database: "pglite" | "postgres";
  isLeader(): boolean;
}

export function registerOpsRoutes(app: FastifyInstance, ctx: ServiceContext, feed: PriceFeed, processInfo: ProcessInfo) {
  const p = opsEndpoints;
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
  /**
   * Product writes: each notes the product as it was for the audit log, and the feed reloads the products
   * through its own connection, so the audit row is written right after the change.
   */
  const productWrite = <S extends (typeof p)[ProductWrite]>(
    spec: S,
    act: (scoped: ServiceContext, input: z.infer<S["request"]>) => Promise<AnswerOf<S>>,
  ) =>
    opsWriteRoute(
      app,
      spec,
      ctx,
      async (input, _context, scoped, note) => {
        note.before = (await listProductSettings(ctx, feed)).find((product) => product.id === input.pid) ?? null;
        return { data: await act(scoped, input), message: successMessages.done };
      },
      { separate: true },
    );
  productWrite(p.setProductTrading, (scoped, input) => setProductTrading(scoped, feed, input.pid, input.enabled));
  productWrite(p.setProductOptions, (scoped, input) => setProductOptions(scoped, feed, input.pid, input.options));
  productWrite(p.setProductLimits, (scoped, input) => setProductLimits(scoped, feed, input));
  productWrite(p.setProductNames, (scoped, input) => setProductNames(scoped, feed, input));
  productWrite(p.setProductFeed, (scoped, input) => setProductFeed(scoped, feed, input));
  productWrite(p.setProductQuoting, (scoped, input) => setProductQuoting(scoped, feed, input));
  route(app, opsEndpoints.smsOutbox, async (input) => ({ data: await readSmsOutbox(ctx, input) }));
  route(app, opsEndpoints.showUser, async (input) => ({ data: await showUser(ctx, input.account) }));
  opsWriteRoute(app, opsEndpoints.unlockUser, ctx, async (input, _context, scoped, note) => {
    note.before = await showUser(scoped, input.account).then((user) => ({ locked: user.locked }));
    return { data: await unlockUser(scoped, input.account), message: successMessages.done };
  });
  registerCustomerDeskRoutes(app, ctx);
}
