import type { VoidReason } from "./trading";

/**
 * What the verifiable feed publishes (docs/fairness.md): per-minute commitments and, after the minute and the
 * grace, their seeds; each product's chain heads per minute; one order's proof. A minute is unix seconds ÷ 60
 * (`start` is its first second); hashes and seeds are lower-case hex; prices are integers at the product's
 * precision, as the derivation computes them.
 */

/**
 * Seconds after a minute's last second before its seed is revealed (G in docs/fairness.md). The recorder
 * reveals in the round that has already written every tick of the minute, so the seed is never known before a
 * tick it derives is recorded; the margin only absorbs a round that starts a little late.
 */
export const FAIR_REVEAL_GRACE_SECONDS = 2;

/** When the seed of `minute` is revealed, at the earliest: an order on a simulated product settles then. */
export const fairRevealTime = (minute: number) => (minute + 1) * 60 + FAIR_REVEAL_GRACE_SECONDS;

/** The widest window one commitments, reveals or heads request may ask for (seconds): a day of minutes. */
export const FAIR_RANGE_MAX_SECONDS = 86_400;
/** The widest window of one void-count request: 90 days. */
export const FAIR_VOIDS_MAX_SECONDS = 90 * 86_400;

/**
 * A commitment covers the seconds of its minute after `createdAt`; a minute whose first commitment was lost
 * (its seed left with a stopped leader) may have a second one for the rest of it.
 */
export interface FairCommitment {
  minute: number;
  start: number;
  /** SHA-256(seed ‖ params) */
  commitment: string;
  /** the canonical parameter bytes the commitment covers */
  params: string;
  /** when the commitment was published (unix seconds) */
  createdAt: number;
  /** the leader holding the seed stopped before revealing it: the minute's ticks are uncommitted */
  lost: boolean;
}

export interface FairReveal {
  /** the commitment this seed opens */
  commitment: string;
  minute: number;
  start: number;
  seed: string;
  revealedAt: number;
}

export interface FairHead {
  pid: number;
  minute: number;
  start: number;
  /** the chain after the product's last recorded tick of the minute */
  head: string;
  lastTime: number;
}

/** One recorded tick with the chain value after it. */
export interface FairTick {
  time: number;
  /** integer price at the product's precision */
  price: number;
  uncommitted: boolean;
  /** null for a tick recorded before the chain existed */
  link: string | null;
}

/** The chain around one of the order's ticks: the tick before it, then every tick to the end of its minute. */
export interface FairTickProof {
  /** the entry or exit second (the tick at or before it) */
  time: number;
  /** the recorded tick before it (the derivation's previous price and the chain's previous value); null if pruned */
  previous: FairTick | null;
  /** the tick itself first, then the rest of its minute: the last link is the minute's head */
  ticks: FairTick[];
  head: FairHead | null;
}

export interface FairOrderProof {
  id: number;
  pid: number;
  symbol: string;
  precision: number;
  /** the order's status and, when void, why */
  status: "holding" | "closed" | "void";
  voidReason: VoidReason | null;
  /** when it was accepted (unix seconds) */
  openTime: number;
  entry: FairTickProof;
  /** null while it is still holding */
  exit: FairTickProof | null;
  /** the commitments of the entry and exit minutes (published before the order's acceptance when it was placed) */
  commitments: FairCommitment[];
  /** their seeds, once revealed */
  reveals: FairReveal[];
}

/** Voids per UTC day, by reason: the count the fairness page shows. */
export interface FairVoidDay {
  /** the day's first second (UTC) */
  day: number;
  reason: VoidReason;
  count: number;
}

export interface FairAnswers {
  fairCommitments: FairCommitment[];
  fairReveals: FairReveal[];
  fairHeads: FairHead[];
  fairTicks: FairTickProof;
  fairOrder: FairOrderProof;
  fairVoids: FairVoidDay[];
}
