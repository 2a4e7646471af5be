import type { Db } from "../../db/client";
import { addSharedHits, releaseSharedHits } from "./shared-hits";

/** What @fastify/rate-limit wants to hear of a hit: the count so far (over `max` refuses) and ms to the window's end. */
export interface HitAnswer {
  current: number;
  ttl: number;
}

/** This process's slice of one address's budget in one window. */
interface Lease {
  windowStart: number;
  windowMs: number;
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
 * the limit each hit is counted in the database and the sum across processes never exceeds `max`: the upsert
 * grants only what the shared count still leaves (a process that has just started, and knows nothing of the
 * address, asks for a quarter of the whole budget and gets at most the rest). Once the shared count is spent,
 * refusals come from memory until the window ends, so a flood costs no database writes either.
 *
 * A stopping process hands its unspent slices back (`release`, from the app's close): without it, each restart
 * of a rolling deploy took up to a quarter of a polling client's budget with it until the window ended, and
 * four restarts refused a client polling well under its limit.
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
    const count = await addSharedHits(this.db, `${this.scope} ${key}`, slice, windowMs, at, max);
    // a count of rows written before the grant was capped may stand above `max`: that only refuses
    const lease = { windowStart: count.windowStart, windowMs, left: count.granted, upTo: Math.min(count.hits, max) };
    this.leases.delete(key);
    this.leases.set(key, lease);
    if (this.leases.size > this.cap) {
      // the least recently leased address is forgotten; its unspent slice goes back to the shared count
      const [forgotten, old] = this.leases.entries().next().value!;
      this.leases.delete(forgotten);
      this.giveBack(forgotten, old).catch(() => {});
    }
    return lease;
  }

  /**
   * Hands every unspent slice of a window still running back to the shared count, and forgets the slices: for
   * a process that stops serving (after its last request), so the budget it leased is whole for the others.
   */
  async release(): Promise<void> {
    const held = [...this.leases];
    this.leases.clear();
    await Promise.all(held.map(([key, lease]) => this.giveBack(key, lease)));
  }

  private async giveBack(key: string, lease: Lease): Promise<void> {
    const unspent = lease.left;
    lease.left = 0;
    if (unspent > 0 && lease.windowStart + lease.windowMs > this.now())
      await releaseSharedHits(this.db, `${this.scope} ${key}`, unspent, lease.windowStart);
  }
}
