import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt } from "drizzle-orm";

import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { type HitAnswer, LeasedCounts } from "./leased-counts";

type Done = Parameters<FastifyRateLimitStore["incr"]>[1];

/** what the plugin passes to child() at run time, beside the typed route options: the route it is for */
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Rows whose window ended this long ago decide nothing; they are removed now and then. */
const FORGET_AFTER_MS = 3600_000;
const CLEAN_EVERY_MS = 600_000;
/** After the database fails a lease, the app-wide limit counts in memory for this long before trying again. */
const MEMORY_AFTER_FAILURE_MS = 5_000;

/**
 * The per-IP count of one window, in memory: what the app-wide flood guard falls back to while the database
 * fails (quotes keep being served from memory then). At most `cap` addresses are kept.
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
 * A store for @fastify/rate-limit whose limits count in the database, so every process on one PostgreSQL
 * shares them. Every limit leases slices of each address's budget (LeasedCounts): the app-wide one, which
 * guards every request, quote polls included (about one write a minute per polling address and process), and
 * each route's own (login, SMS, orders, money actions). A slice is a quarter of what the shared count left and
 * a single hit near the limit, so a small limit (five logins a minute) is still counted hit by hit in the
 * database, and a busy one (orders, 120 a minute) takes about 18 writes for its 120 requests instead of 120
 * (the upsert was a quarter of an order's cost). When the database fails, the app-wide limit counts per process
 * for a while rather than fail the request; a route's own limit fails the request.
 *
 * `release()` hands every limit's unspent slices back to the shared counts: the app calls it as it closes,
 * after its last request, so a restarted process does not take part of its clients' budgets with it.
 */
export function sharedRateStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor & { release(): Promise<void> } {
  let lastClean = now();
  const clean = () => {
    if (now() - lastClean < CLEAN_EVERY_MS) return;
    lastClean = now();
    db.delete(rateLimits)
      .where(lt(rateLimits.windowStart, now() - FORGET_AFTER_MS))
      .catch(() => {});
  };

  // one app-wide count per process, shared by the store and the children the plugin makes of it
  const leased = new LeasedCounts(db, now);
  // every limit of this process, the app-wide one and each route's, for release()
  const allCounts = new Set<LeasedCounts>([leased]);
  const memory = new MemoryCounts();
  let memoryUntil = 0;
  // answered at once while the process's slice lasts: the quote hot path does not wait for a promise
  const appWide = (key: string, windowMs: number, max: number, done: Done): void => {
    if (now() < memoryUntil) return done(null, memory.hit(key, windowMs, now()));
    const answer = leased.hit(key, windowMs, max);
    if (!(answer instanceof Promise)) return done(null, answer);
    answer.then(
      (leasedAnswer: HitAnswer) => done(null, leasedAnswer),
      () => {
        memoryUntil = now() + MEMORY_AFTER_FAILURE_MS;
        done(null, memory.hit(key, windowMs, now()));
      },
    );
  };

  return class SharedRateStore implements FastifyRateLimitStore {
    static release(): Promise<void> {
      return Promise.all([...allCounts].map((counts) => counts.release())).then(() => {});
    }

    /** the route's own limit, shared through the database; null for the app-wide store */
    private readonly counts: LeasedCounts | null;

    constructor(_options: unknown, route: string | null = null) {
      this.counts = route === null ? null : new LeasedCounts(db, now, undefined, route);
      if (this.counts) allCounts.add(this.counts);
    }

    incr(key: string, done: Done, windowMs: number, max: number): void {
      clean();
      if (this.counts === null) {
        appWide(key, windowMs, max, done);
        return;
      }
      const answer = this.counts.hit(key, windowMs, max);
      if (!(answer instanceof Promise)) return done(null, answer);
      answer.then(
        (leasedAnswer: HitAnswer) => done(null, leasedAnswer),
        (error: Error) => done(error, { current: 0, ttl: 0 }),
      );
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): SharedRateStore {
      const info = (options as RouteInfo).routeInfo;
      const method = Array.isArray(info?.method) ? info.method.join(",") : (info?.method ?? "");
      return new SharedRateStore(options, `${method} ${info?.url ?? ""}`);
    }
  };
}
