import { join, resolve } from "node:path";

import { DEFAULT_SIGN_IN_KEEP_DAYS } from "./jobs/sign-in-retention";
import { BINANCE_STREAM_URL } from "./market/binance-source";

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  opsToken?: string;
  seedDemo: boolean;
  /**
   * The demo customer starts with a passed real-name check (so it can withdraw at once); SEED_DEMO=unverified
   * seeds it unverified, for the browser tests that walk the check themselves.
   */
  seedDemoVerified: boolean;
  /** Folder of the built PWA served at /h5/. */
  distDir: string;
  /** Folder of the built back-office console served at /ops/. */
  consoleDir: string;
  /** Multiplies every rate limit; tests that hammer one IP raise it. */
  rateLimitScale: number;
  /** Per-second ticks are kept this long; candles are kept for good. */
  tickRetentionSeconds: number;
  /** Days of one-minute history the simulated feed generates on first start. */
  backfillMinuteDays: number;
  /** Binance's public streams (products with feed_source `binance:<symbol>`); tests point it at a local fake. */
  binanceWsUrl: string;
  /** Debugging: log the event loop's delays and the job rounds' times every this many seconds (0: never). */
  loopReportSeconds: number;
  /** Days a customer's sign-in records (address and device id of each login) are kept. */
  signInRetentionDays: number;
  /** The VAPID subject push services may contact the operator at (PUSH_SUBJECT, a mailto: or https: address). */
  pushSubject: string;
  /** Origins of push services beyond the browsers' own that subscriptions may name (PUSH_ORIGINS). */
  pushEndpointOrigins: string[];
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? "data");
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    opsToken: env.OPS_TOKEN || undefined,
    seedDemo: env.SEED_DEMO !== "0",
    seedDemoVerified: env.SEED_DEMO !== "unverified",
    distDir: resolve(env.DIST_DIR ?? "dist"),
    consoleDir: resolve(env.CONSOLE_DIR ?? "dist-ops"),
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
    tickRetentionSeconds: Number(env.TICK_RETENTION_HOURS ?? 6) * 3600,
    backfillMinuteDays: Number(env.BACKFILL_MINUTE_DAYS ?? 3),
    binanceWsUrl: env.BINANCE_WS_URL || BINANCE_STREAM_URL,
    loopReportSeconds: Number(env.LOOP_REPORT_SECONDS ?? 0),
    signInRetentionDays: positiveDays("SIGN_IN_KEEP_DAYS", env.SIGN_IN_KEEP_DAYS, DEFAULT_SIGN_IN_KEEP_DAYS),
    pushSubject: env.PUSH_SUBJECT || "mailto:operator@localhost",
    pushEndpointOrigins: (env.PUSH_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}

/** A retention in days: a typo must stop the start, not delete every record (NaN) or none. */
function positiveDays(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const days = Number(value);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`${name} must be a positive number of days, not "${value}"`);
  return days;
}

export const pgliteFolder = (config: ServerConfig) => join(config.dataDir, "pglite");
