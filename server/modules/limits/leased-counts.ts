import type { Db } from "../../db/client";
import { addSharedHits } from "./shared-hits";

/** What @fastify/rate-limit wants to hear of a hit: the count so far (over `max` refuses) and ms to the window's end. */
export interface HitAnswer {
  current: number;
  ttl: number;
}

/** This process's slice of one address's budget in one window. */
interface Lease {
  windowStart: number;
  /** hits of the slice not yet admitted */
  left: number;
  /** the shared count when the slice was taken (this slice included), at most `max` */
  upTo: number;
}

/** Each slice is this share of what the last look at the shared count left of the budget. */
const SLICE_DIVISOR = 4;

/**
 * The app-wide per-address limit (the flood guard on every route without a limit of its own, quotes included),
 * shared by every process on one PostgreSQL without a database write per request.
 *
 * A process leases a slice of an address's budget: one upsert adds the slice to the window's shared count in
 * `rate_limits` (key `* <address>`), and the requests of that address are then admitted in memory until the
 * slice is spent. Slices shrink as the budget runs out (a quarter of what is left, down to one hit), so near
 * the limit each hit is counted in the database and the sum across processes never exceeds `max`: a slice is
 * only what the shared count still allowed when it was taken. Once the shared count is spent, refusals come
 * from memory until the window ends, so a flood costs no database writes either.
 *
 * The trade-off: a quote poller at 1 request a second costs about one write a minute per process instead of
 * 60, and a request waits for the database only when its process's slice runs out. In exchange, an address
 * whose traffic stops reaching one process leaves that process's unspent slice unused until the window ends:
 * the address may be refused up to one slice (a quarter of the limit) early. That is the cautious side, and it
 * matters only to an address already near the limit. (Counting locally and flushing every second would cost
 * as little but let a flood spread over N processes overshoot by up to N × a second's worth before anyone
 * knew.)
 */
export class LeasedCounts {
  private readonly leases = new Map<string, Lease>();
  private readonly leasing = new Map<string, Promise<Lease>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** addresses remembered; the least recently leased is forgotten first (its unspent slice with it) */
    private readonly cap = 5000,
    /** what the shared count's key starts with: `*` for the app-wide limit, the route for a route's own */
    private readonly scope = "*",
  ) {}

  /** Counts one hit of `key`: from memory while the slice lasts, else after leasing the next slice. */
  hit(key: string, windowMs: number, max: number): HitAnswer | Promise<HitAnswer> {
    return this.admit(this.leases.get(key), windowMs, max) ?? this.afterLease(key, windowMs, max);
  }

  /** The answer from `lease` alone, or null when a new slice must be leased first. */
  private admit(lease: Lease | undefined, windowMs: number, max: number): HitAnswer | null {
    const at = this.now();
    if (!lease || lease.windowStart + windowMs <= at) return null;
    const ttl = lease.windowStart + windowMs - at;
    if (lease.left > 0) {
      lease.left--;
      return { current: lease.upTo - lease.left, ttl };
    }
    // the slice is spent and the shared count had reached the limit: refused until the window ends
    if (lease.upTo >= max) return { current: max + 1, ttl };
    return null;
  }

  /**
   * One lease at a time per address: requests arriving meanwhile wait for it rather than lease their own, and
   * take their hit from the lease they waited for (not from the map, which may have forgotten it meanwhile).
   */
  private async afterLease(key: string, windowMs: number, max: number): Promise<HitAnswer> {
    for (;;) {
      let leasing = this.leasing.get(key);
      if (!leasing) {
        leasing = this.lease(key, windowMs, max).finally(() => this.leasing.delete(key));
        this.leasing.set(key, leasing);
      }
      const answer = this.admit(await leasing, windowMs, max);
      if (answer) return answer;
    }
  }

  private async lease(key: string, windowMs: number, max: number): Promise<Lease> {
    const at = this.now();
    const last = this.leases.get(key);
    const knownLeft = last && last.windowStart + windowMs > at ? max - last.upTo : max;
    const slice = Math.max(1, Math.floor(knownLeft / SLICE_DIVISOR));
    const count = await addSharedHits(this.db, `${this.scope} ${key}`, slice, windowMs, at);
    // the part of the slice still within the limit; the shared count may pass `max`, which only refuses more
    const granted = Math.min(slice, Math.max(0, max - (count.hits - slice)));
    const lease = { windowStart: count.windowStart, left: granted, upTo: Math.min(count.hits, max) };
    this.leases.delete(key);
    this.leases.set(key, lease);
    if (this.leases.size > this.cap) this.leases.delete(this.leases.keys().next().value!);
    return lease;
  }
}
