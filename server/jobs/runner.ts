import type { Db } from "../db/client";
import type { PriceFeed } from "../market/feed";
import { accrueInterest } from "./accrual";
import { settleDueOrders } from "./settlement";

export interface JobRunner {
  /** One round: record the feed up to now, then settle what is due. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** Drives the feed and settlement once a second; a slow round is never overlapped by the next. */
export function startJobs(options: { db: Db; feed: PriceFeed; now: () => number; log: (message: string) => void }): JobRunner {
  let running: Promise<void> | undefined;
  let lastAccrual = 0;
  const runOnce = async () => {
    const now = options.now();
    await options.feed.advance(now);
    const settled = await settleDueOrders(options.db, now);
    if (settled > 0) options.log(`settled ${settled} order(s)`);
    // interest is daily: checking once a minute is plenty, and catches up whatever was missed
    if (now - lastAccrual >= 60) {
      lastAccrual = now;
      const days = await accrueInterest(options.db, now);
      if (days > 0) options.log(`credited ${days} day(s) of yuebao interest`);
    }
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
