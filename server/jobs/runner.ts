import type { Db } from "../db/client";
import type { PriceFeed } from "../market/feed";
import { settleDueOrders } from "./settlement";

export interface JobRunner {
  /** One round: record the feed up to now, then settle what is due. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** Drives the feed and settlement once a second; a slow round is never overlapped by the next. */
export function startJobs(options: { db: Db; feed: PriceFeed; now: () => number; log: (message: string) => void }): JobRunner {
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    const now = options.now();
    await options.feed.advance(now);
    const settled = await settleDueOrders(options.db, now);
    if (settled > 0) options.log(`settled ${settled} order(s)`);
  };
  const timer = setInterval(() => {
    running ??= runOnce()
      .catch((error) => options.log(`jobs: ${error instanceof Error ? error.stack : String(error)}`))
      .finally(() => (running = undefined));
  }, 1000);
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
