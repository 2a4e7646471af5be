import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

type Done = Parameters<FastifyRateLimitStore["incr"]>[1];

/** what the plugin passes to child() at run time, beside the typed route options: the route it is for */
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Rows whose window ended this long ago decide nothing; they are removed now and then. */
const FORGET_AFTER_MS = 3600_000;
const CLEAN_EVERY_MS = 600_000;

/**
 * The per-IP count of one window, in memory: the app-wide flood guard counts per process (a database write on
 * every quote poll would cost more than the guard saves). At most `cap` addresses are kept.
 */
class MemoryCounts {
  private readonly counts = new Map<string, { start: number; hits: number }>();
  constructor(private readonly cap = 5000) {}

  hit(key: string, windowMs: number, now: number): { current: number; ttl: number } {
    let entry = this.counts.get(key);
    if (!entry || entry.start + windowMs <= now) entry = { start: now, hits: 0 };
    entry.hits++;
    this.counts.delete(key);
    this.counts.set(key, entry);
    if (this.counts.size > this.cap) this.counts.delete(this.counts.keys().next().value!);
    return { current: entry.hits, ttl: entry.start + windowMs - now };
  }
}

/**
 * A store for @fastify/rate-limit whose per-route limits (login, SMS, orders, money actions) count in the
 * database, so every process on one PostgreSQL shares them: one upsert per limited request, atomic under
 * concurrency. The app-wide limit stays per process (MemoryCounts).
 */
export function sharedRateStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let lastClean = now();
  const clean = () => {
    if (now() - lastClean < CLEAN_EVERY_MS) return;
    lastClean = now();
    db.delete(rateLimits)
      .where(lt(rateLimits.windowStart, now() - FORGET_AFTER_MS))
      .catch(() => {});
  };

  return class SharedRateStore implements FastifyRateLimitStore {
    private readonly memory = new MemoryCounts();
    private readonly route: string | null;

    constructor(_options: unknown, route: string | null = null) {
      this.route = route;
    }

    incr(key: string, done: Done, windowMs: number): void {
      if (this.route === null) {
        done(null, this.memory.hit(key, windowMs, now()));
        return;
      }
      clean();
      const at = now();
      db.insert(rateLimits)
        .values({ key: `${this.route} ${key}`, windowStart: at, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`case when ${rateLimits.windowStart} + ${windowMs} <= ${at} then ${at} else ${rateLimits.windowStart} end`,
            hits: sql`case when ${rateLimits.windowStart} + ${windowMs} <= ${at} then 1 else ${rateLimits.hits} + 1 end`,
          },
        })
        .returning({ windowStart: rateLimits.windowStart, hits: rateLimits.hits })
        .then(([row]) => done(null, { current: row!.hits, ttl: row!.windowStart + windowMs - at }))
        .catch((error: Error) => done(error, { current: 0, ttl: 0 }));
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): SharedRateStore {
      const info = (options as RouteInfo).routeInfo;
      const method = Array.isArray(info?.method) ? info.method.join(",") : (info?.method ?? "");
      return new SharedRateStore(options, `${method} ${info?.url ?? ""}`);
    }
  };
}
