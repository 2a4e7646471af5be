import type { Db } from "../db/client";
import type { PriceFeed } from "../market/feed";
import { accrueInterest } from "./accrual";
import { type Leadership, soleLeader } from "./leader";
import { settleDueOrders } from "./settlement";
import { yieldToRequests } from "./yield";

export interface JobRunner {
  /** One leader round: record the feed up to now, then settle what is due. */
  runOnce(): Promise<void>;
  /** No new round starts; resolves once the round under way (if any) has finished. */
  stop(): Promise<void>;
}

export interface JobOptions {
  db: Db;
  feed: PriceFeed;
  now: () => number;
  log: (message: string) => void;
  /** who records the feed and runs settlement; a single process (PGlite) always does */
  leadership?: Leadership;
}

// products can be changed by the operator through any process: everyone re-reads them this often
const PRODUCT_RELOAD_SECONDS = 5;

/**
 * Opens the feed in the mode this process's leadership says, then runs a round once a second: the leader
 * records the feed and settles and accrues; a follower reads the recorded feed back. A slow round is never
 * overlapped by the next, and a change of leader switches the mode at the start of a round.
 */
export async function startJobs(options: JobOptions): Promise<JobRunner> {
  const leadership = options.leadership ?? soleLeader();
  let lastAccrual = 0;
  let lastProductReload = options.now();
  let leading = leadership.isLeader();
  if (leading) await options.feed.open();
  else await options.feed.follow();

  const runOnce = async () => {
    const now = options.now();
    if (now - lastProductReload >= PRODUCT_RELOAD_SECONDS) {
      lastProductReload = now;
      await options.feed.reloadProducts();
    }
    await options.feed.advance(now);
    await yieldToRequests();
    const settled = await settleDueOrders(options.db, now);
    if (settled > 0) options.log(`settled ${settled} order(s)`);
    // interest is daily: checking once a minute is plenty, and catches up whatever was missed
    if (now - lastAccrual >= 60) {
      lastAccrual = now;
      await yieldToRequests();
      const days = await accrueInterest(options.db, now);
      if (days > 0) options.log(`credited ${days} day(s) of yuebao interest`);
    }
  };

  const round = async () => {
    const leadingNow = leadership.isLeader();
    if (leadingNow && !leading) {
      // taking over: continue from what the previous leader recorded, and catch up its accrual check at once
      await options.feed.takeOver();
      lastAccrual = 0;
    }
    leading = leadingNow;
    if (leading) await runOnce();
    else await options.feed.follow();
  };

  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round()
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
