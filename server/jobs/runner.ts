import type { Db } from "../db/client";
import { yieldToRequests } from "../db/yield-to-requests";
import type { PriceFeed } from "../market/feed";
import { decodeTicks } from "../market/tick-notices";
import { accrueInterest } from "./accrual";
import { raiseAlerts } from "./alerts";
import { forgetExpired } from "./housekeeping";
import { type Leadership, soleLeader } from "./leader";
import type { PushSender } from "./push";
import type { RoundTimings } from "./round-timings";
import { settleDueOrders } from "./settlement";
import { DEFAULT_SIGN_IN_KEEP_DAYS, forgetOldSignIns } from "./sign-in-retention";
import { removeStaleUploads } from "./uploads";

export interface JobRunner {
  /** One leader round: record the feed up to now, then settle what is due. */
  runOnce(): Promise<void>;
  /** No new round starts; resolves once the rounds under way (if any) have finished. */
  stop(): Promise<void>;
}

export interface JobOptions {
  db: Db;
  feed: PriceFeed;
  now: () => number;
  log: (message: string) => void;
  /** who records the feed and runs settlement; a single process (PGlite) always does */
  leadership?: Leadership;
  /** where uploaded images are stored: uploads no record uses are removed from it after their grace period */
  uploadsDir?: string;
  /** how a follower hears the recorder's newest prices the moment they are recorded (several processes) */
  listen?: (onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  /** orders settled per transaction (SETTLEMENT_BATCH of the database in use) */
  settlementBatch?: number;
  /** where each round's wall time goes when the event-loop report is on (LOOP_REPORT_SECONDS) */
  rounds?: RoundTimings;
  /** days a customer's sign-in records (address, device id) are kept (SIGN_IN_KEEP_DAYS) */
  signInRetentionDays?: number;
  /** sends Web Push notifications of the outbox's events (the leader only); none: nothing is pushed */
  push?: PushSender;
}

// stale uploads wait a day and old claims a month: housekeeping every ten minutes is plenty
const UPLOAD_CLEANUP_SECONDS = 600;

// alerts are for people: looking every ten seconds raises one well before anyone could have acted on it
const ALERT_CHECK_SECONDS = 10;

// products can be changed by the operator through any process: everyone re-reads them this often
const PRODUCT_RELOAD_SECONDS = 5;

/**
 * Opens the feed in the mode this process's leadership says, then runs two rounds once a second each: the
 * feed round (the leader records the feed; a follower reads the recorded feed back, between the prices it
 * hears as they are recorded) and the settlement round (the leader settles and accrues). They run side by
 * side, so a long settlement never leaves quotes stale. Neither round is overlapped by its own next one, and a
 * change of leader switches the mode at the start of a feed round.
 */
export async function startJobs(options: JobOptions): Promise<JobRunner> {
  const leadership = options.leadership ?? soleLeader();
  let lastAccrual = 0;
  let lastUploadCleanup = 0;
  let lastAlertCheck = 0;
  let lastProductReload = options.now();
  let leading = leadership.isLeader();
  if (leading) await options.feed.open();
  else await options.feed.follow();
  // the leader hears its own prices too; it already has them
  const stopListening = await options.listen?.((payload) => {
    if (!leading) options.feed.receive(decodeTicks(payload));
  });

  const record = async () => {
    const now = options.now();
    if (now - lastProductReload >= PRODUCT_RELOAD_SECONDS) {
      lastProductReload = now;
      await options.feed.reloadProducts();
    }
    await options.feed.advance(now);
  };

  const settle = async () => {
    const now = options.now();
    const settled = await settleDueOrders(options.db, now, options.settlementBatch);
    if (settled > 0) options.log(`settled ${settled} order(s)`);
    // interest is daily: checking once a minute is plenty, and catches up whatever was missed
    if (now - lastAccrual >= 60) {
      lastAccrual = now;
      await yieldToRequests();
      const days = await accrueInterest(options.db, now);
      if (days > 0) options.log(`credited ${days} day(s) of yuebao interest`);
    }
    if (now - lastAlertCheck >= ALERT_CHECK_SECONDS) {
      lastAlertCheck = now;
      await yieldToRequests();
      const raised = await raiseAlerts(options.db, options.feed, now);
      if (raised > 0) options.log(`raised ${raised} alert(s)`);
    }
    if (now - lastUploadCleanup >= UPLOAD_CLEANUP_SECONDS) {
      lastUploadCleanup = now;
      if (options.uploadsDir) {
        const removed = await removeStaleUploads(options.db, options.uploadsDir, now);
        if (removed > 0) options.log(`removed ${removed} unused upload(s)`);
      }
      const forgotten = await forgetExpired(options.db, now);
      if (forgotten.claims + forgotten.guards > 0)
        options.log(`forgot ${forgotten.claims} old request claim(s), ${forgotten.guards} expired password count(s)`);
      const signIns = await forgetOldSignIns(options.db, now, options.signInRetentionDays ?? DEFAULT_SIGN_IN_KEEP_DAYS);
      if (signIns > 0) options.log(`deleted ${signIns} sign-in record(s) past their retention`);
    }
  };

  const feedRound = async () => {
    const leadingNow = leadership.isLeader();
    if (leadingNow && !leading) {
      // taking over: continue from what the previous leader recorded, and catch up its accrual check at once
      await options.feed.takeOver();
      lastAccrual = 0;
    }
    leading = leadingNow;
    if (leading) await record();
    else await options.feed.follow();
  };

  const settlementRound = async () => {
    if (leading) await settle();
  };

  const pushRound = async () => {
    if (!leading || !options.push) return;
    const round = await options.push.run(options.now());
    if (round.sent + round.removed + round.failed > 0)
      options.log(`push: sent ${round.sent}, removed ${round.removed} gone subscription(s), ${round.failed} to retry or given up`);
  };

  // rounds start at a fixed point of each second, a slow one delaying the next rather than overlapping it
  const every = (name: string, offsetMs: number, round: () => Promise<void>) => {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(
        () => {
          running = (options.rounds ? options.rounds.time(name, round) : round())
            .catch((error) => options.log(`jobs: ${error instanceof Error ? error.stack : String(error)}`))
            .finally(() => {
              running = undefined;
              schedule();
            });
        },
        (1000 + offsetMs - (Date.now() % 1000)) % 1000 || 1000,
      );
    };
    schedule();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    };
  };
  // the feed just after each whole second, when that second can be recorded: quotes are then at most a second
  // old however the process's start fell; settlement half a second later, once the second is recorded
  const stopFeed = every("feed", 20, feedRound);
  const stopSettlement = every("settlement", 520, settlementRound);
  // notifications in a round of their own: a push service that is slow to answer never delays a settlement
  const stopPush = every("push", 770, pushRound);

  return {
    async runOnce() {
      await record();
      await yieldToRequests();
      await settle();
    },
    async stop() {
      await Promise.all([stopFeed(), stopSettlement(), stopPush()]);
      await stopListening?.();
    },
  };
}
