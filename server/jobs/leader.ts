import pg from "pg";

/**
 * Which process runs the jobs (price-feed recording and backfill, settlement, accrual, tick retention).
 *
 * Why one: the simulated feed is a random walk kept in memory, so two recorders would write competing prices
 * for the same second; settlement and accrual are safe to overlap (row locks, conditional updates) but need
 * not run everywhere. On PostgreSQL any number of processes share the database, so they elect the runner with
 * a session-level advisory lock held on a dedicated connection: the lock lives exactly as long as that
 * connection, and PostgreSQL drops it the moment the connection dies (process killed, machine lost), so a
 * follower's next try, within about a second, takes over. No lease or clock has to be tuned. An embedded
 * PGlite database belongs to one process, which is therefore always the leader.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Gives the lock back (a follower takes it on its next try) and closes the lock's connection. */
  stop(): Promise<void>;
}

/** One fixed key for the job lock across every process on the database ("TRADEJOB" as ASCII, fits a bigint). */
const JOBS_LOCK_KEY = "6075990608752299842";

export const soleLeader = (): Leadership => ({ isLeader: () => true, stop: async () => {} });

export interface ElectionOptions {
  databaseUrl: string;
  log: (message: string) => void;
  /** how often a follower tries the lock, and the leader checks its connection is still alive */
  retryMs?: number;
}

/** Tries the lock now and then every retryMs; resolves after the first try, leader or not. */
export async function electLeader(options: ElectionOptions): Promise<Leadership> {
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let attempt: Promise<void> | undefined;

  const drop = (client_: pg.Client, reason: string) => {
    if (client !== client_) return;
    if (leader) options.log(`jobs: lost the leader lock (${reason}); following`);
    leader = false;
    client = null;
    client_.end().catch(() => {});
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: "trading-jobs-lock",
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      // a leader whose connection hangs must stop leading rather than wait on TCP timeouts
      query_timeout: 5000,
    });
    // errors on an idle connection arrive as events; unhandled they would crash the process
    fresh.on("error", (error) => drop(fresh, error.message));
    fresh.on("end", () => drop(fresh, "connection closed"));
    try {
      await fresh.connect();
    } catch (error) {
      fresh.end().catch(() => {});
      throw error;
    }
    return fresh;
  };

  const tryOnce = async () => {
    let current = client;
    try {
      if (!current) current = client = await connect();
      if (leader) {
        // the lock is ours while this connection lives: prove it still does
        await current.query("select 1");
        return;
      }
      const { rows } = await current.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [JOBS_LOCK_KEY]);
      if (rows[0]?.locked && !stopped) {
        leader = true;
        options.log(`jobs: this process is the leader (pid ${process.pid})`);
      }
    } catch (error) {
      if (current) drop(current, error instanceof Error ? error.message : String(error));
    }
  };

  const tick = () => {
    attempt ??= tryOnce().finally(() => (attempt = undefined));
    return attempt;
  };
  await tick();
  const timer = setInterval(() => void tick(), options.retryMs ?? 1000);

  return {
    isLeader: () => leader && !stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await attempt;
      const last = client;
      client = null;
      if (!last) return;
      if (leader) await last.query("select pg_advisory_unlock($1::bigint)", [JOBS_LOCK_KEY]).catch(() => {});
      leader = false;
      await last.end().catch(() => {});
    },
  };
}
