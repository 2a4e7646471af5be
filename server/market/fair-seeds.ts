import { randomBytes } from "node:crypto";

import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";

import { FAIR_REVEAL_GRACE_SECONDS, fairRevealTime } from "#contract/fair";

import type { Db } from "../db/client";
import { fairCommitments, fairReveals } from "../db/schema";
import { canonicalParams, commitment, type FairParams } from "./fair-derivation";

// the grace is shared with the PWA, which tells a customer when an order's result is due
export { FAIR_REVEAL_GRACE_SECONDS };
/** Minutes of seeds committed ahead at the least (docs/fairness.md, L). */
export const FAIR_LEAD_MINUTES = 15;

/** L for the longest settlement option now offered: it and the grace fit inside the committed minutes. */
export function leadMinutes(longestOptionSeconds: number): number {
  return Math.max(FAIR_LEAD_MINUTES, Math.ceil((longestOptionSeconds + FAIR_REVEAL_GRACE_SECONDS) / 60) + 1);
}

export const minuteOf = (time: number) => Math.floor(time / 60);

/** A committed minute as the leader holds it: the secret and the parameters its ticks are derived with. */
export interface HeldMinute {
  seed: Buffer;
  params: Map<number, FairParams>;
  commitment: string;
  /** when the commitment was published: it covers the minute's seconds after this one */
  from: number;
}

/**
 * The seeds of the minutes ahead, held by the job leader and nowhere else: not the database, a log, a backup
 * or a screen. A seed's commitment is written when the seed is made; the seed itself once its minute and the
 * grace are over. A leader that stops takes its unrevealed seeds with it, and the next one marks those
 * commitments `lost` (the ticks they covered are uncommitted) rather than pretend it knows them, then commits
 * new seeds for the rest of the current minute and the minutes ahead.
 */
export class FairSeeds {
  private readonly held = new Map<number, HeldMinute>();
  /** the newest minute with a live commitment (from the database at take-over, then made by this leader) */
  private committedThrough = 0;

  /** Becomes the holder: seeds another leader made are unknown here, so their minutes are marked lost. */
  async takeOver(db: Db): Promise<void> {
    this.held.clear();
    // this process takes no order on a minute it remembered covered and is about to mark lost
    coveredSeen = new WeakMap();
    await db
      .update(fairCommitments)
      .set({ lost: true })
      .where(
        and(
          eq(fairCommitments.lost, false),
          notExists(
            db
              .select({ one: sql`1` })
              .from(fairReveals)
              .where(eq(fairReveals.commitment, fairCommitments.commitment)),
          ),
        ),
      );
    // and again once they are marked: an order read in between may have remembered one
    coveredSeen = new WeakMap();
    const [row] = await db
      .select({ newest: sql<string | null>`max(${fairCommitments.minute})` })
      .from(fairCommitments)
      .where(eq(fairCommitments.lost, false));
    this.committedThrough = Number(row?.newest ?? 0);
  }

  /**
   * Commits every minute from the first without a live commitment up to `lead` minutes ahead. A commitment
   * made during its minute covers only the seconds after it is published: the seconds already recorded stay
   * uncommitted (a second committed late would be a second chosen late).
   */
  async commitAhead(db: Db, now: number, lead: number, products: readonly FairParams[]): Promise<void> {
    const first = Math.max(this.committedThrough + 1, minuteOf(now));
    const last = minuteOf(now) + lead;
    if (first > last) return;
    const params = new Map(products.map((product) => [product.id, { ...product }]));
    const made = new Map<string, HeldMinute>();
    const rows = [];
    for (let minute = first; minute <= last; minute++) {
      const seed = randomBytes(32);
      const bytes = canonicalParams(minute, products);
      const hash = commitment(seed, bytes);
      made.set(hash, { seed, params, commitment: hash, from: now });
      rows.push({ minute, commitment: hash, params: bytes.toString("hex"), createdAt: now });
    }
    const written = await db
      .insert(fairCommitments)
      .values(rows)
      .onConflictDoNothing()
      .returning({ minute: fairCommitments.minute, commitment: fairCommitments.commitment });
    for (const row of written) this.held.set(row.minute, made.get(row.commitment)!);
    this.committedThrough = last;
  }

  /** The seed and parameters a product's second is derived with, if this leader holds its minute and the product is in it. */
  forSecond(productId: number, time: number): { seed: Buffer; params: FairParams } | undefined {
    const minute = this.held.get(minuteOf(time));
    const params = minute?.params.get(productId);
    return minute && params && time > minute.from ? { seed: minute.seed, params } : undefined;
  }

  /**
   * Publishes the seeds of the minutes over for the grace, and forgets them. Called after the round's ticks are
   * written: every second up to `now` is recorded, so no tick a revealed seed derives is still to come.
   */
  async reveal(db: Db, now: number): Promise<number> {
    const due = [...this.held].filter(([minute]) => fairRevealTime(minute) <= now);
    if (due.length === 0) return 0;
    await db
      .insert(fairReveals)
      .values(due.map(([minute, held]) => ({ commitment: held.commitment, minute, seed: held.seed.toString("hex"), revealedAt: now })))
      .onConflictDoNothing();
    for (const [minute] of due) this.held.delete(minute);
    return due.length;
  }

  /** How many minutes this leader holds unrevealed (for tests and the bench: the seeds themselves never leave). */
  heldCount(): number {
    return this.held.size;
  }
}

/**
 * Whether every one of these minutes has a commitment published before `at` whose seed is not lost: orders
 * are accepted only then.
 */
export async function minutesCovered(db: Db, minutes: readonly number[], at: number): Promise<boolean> {
  const known = coveredSeen.get(db);
  // a minute seen covered stays covered (its commitment was published before every later time) unless a new
  // leader marks it lost; remembering it a few seconds keeps an order to the one statement of place_order, and
  // an order let through in those seconds on a minute just lost is still void at settlement, never settled
  const wanted = [...new Set(minutes)].filter((minute) => {
    const seenAt = known?.get(minute);
    return seenAt === undefined || at < seenAt || at >= seenAt + COVERED_MEMORY_SECONDS;
  });
  if (wanted.length === 0) return true;
  const covered = await minutesCoveredInDb(db, wanted, at);
  if (covered) {
    const memory = known ?? new Map<number, number>();
    if (!known) coveredSeen.set(db, memory);
    for (const minute of memory.keys()) if (minute < minuteOf(at) - 1) memory.delete(minute);
    for (const minute of wanted) memory.set(minute, at);
  }
  return covered;
}

/** How long a process trusts a minute it saw covered without asking the database again. */
export const COVERED_MEMORY_SECONDS = 5;
/** per database (tests run many), the minutes seen covered and when; forgotten when this process takes over */
let coveredSeen = new WeakMap<Db, Map<number, number>>();

async function minutesCoveredInDb(db: Db, minutes: readonly number[], at: number): Promise<boolean> {
  const wanted = [...new Set(minutes)];
  const rows = await db
    .select({ minute: fairCommitments.minute })
    .from(fairCommitments)
    .where(and(inArray(fairCommitments.minute, wanted), eq(fairCommitments.lost, false), lt(fairCommitments.createdAt, at)));
  const found = new Set(rows.map((row) => Number(row.minute)));
  return wanted.every((minute) => found.has(minute));
}
