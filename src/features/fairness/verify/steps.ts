import { type FairCommitment, type FairHead, type FairReveal, fairRevealTime, type FairTick } from "#contract/fair";

import { chainLink, commitmentOf, type CommittedProduct, deriveTick, parseParams } from "./derivation";

/**
 * The verifier's three checks, each answering a result rather than throwing: a customer sees which check
 * passed, which failed and with what values, and which cannot run yet (a seed not revealed).
 */

export type StepStatus = "pass" | "fail" | "pending" | "unavailable";

export type StepProblem =
  /** SHA-256(seed ‖ params) is not the published commitment */
  | "commitment_mismatch"
  /** the parameters name another minute than the commitment's */
  | "params_minute"
  /** the parameter bytes cannot be read */
  | "params_invalid"
  /** the minute's commitment was marked lost: its seed left with a stopped leader */
  | "commitment_lost"
  /** the only commitment was published after the order was accepted or after the tick */
  | "commitment_late"
  | "no_commitment"
  /** the seed is published only after the minute and the grace */
  | "not_revealed"
  /** the product is not in the minute's parameters */
  | "product_missing"
  | "tick_mismatch"
  /** the tick was recorded without a commitment (after downtime, or a lost seed) */
  | "tick_uncommitted"
  /** the tick before it (or its chain value) is no longer kept */
  | "previous_missing"
  | "no_tick"
  | "link_mismatch"
  | "head_mismatch"
  | "head_missing"
  /** the order is still open: it has no exit yet */
  | "holding";

export interface StepResult {
  status: StepStatus;
  problem?: StepProblem;
  /** what the published record says, or what the check computed (a hash, or a price at the product's precision) */
  expected?: string;
  found?: string;
  /** the second the result is about (a tick's time) */
  time?: number;
  /** when a pending seed is published, at the earliest (unix seconds) */
  revealAt?: number;
}

export const revealTime = fairRevealTime;

/**
 * A revealed seed against its commitment: SHA-256(seed ‖ params) = commitment, the parameters are the
 * commitment's minute's, the commitment was not lost and was published before every instant in `before`
 * (the order's acceptance, the tick it covers).
 */
export async function checkSeed(
  commitment: FairCommitment,
  reveal: FairReveal | undefined,
  before: readonly number[] = [],
): Promise<StepResult> {
  if (commitment.lost) return { status: "fail", problem: "commitment_lost", found: commitment.commitment };
  const late = before.find((instant) => commitment.createdAt >= instant);
  if (late !== undefined) return { status: "fail", problem: "commitment_late", time: commitment.createdAt, expected: String(late) };
  let minute: number;
  try {
    minute = parseParams(commitment.params).minute;
  } catch {
    return { status: "fail", problem: "params_invalid", found: commitment.params };
  }
  if (minute !== commitment.minute)
    return { status: "fail", problem: "params_minute", expected: String(commitment.minute), found: String(minute) };
  if (!reveal) return { status: "pending", problem: "not_revealed", revealAt: revealTime(commitment.minute) };
  const computed = await commitmentOf(reveal.seed, commitment.params);
  return computed === commitment.commitment
    ? { status: "pass", expected: commitment.commitment, found: computed }
    : { status: "fail", problem: "commitment_mismatch", expected: commitment.commitment, found: computed };
}

/** An integer price at a precision as a decimal: 6512345 at 2 is "65123.45". */
export function priceText(price: number | bigint, precision: number): string {
  const digits = BigInt(price)
    .toString()
    .padStart(precision + 1, "0");
  return precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/**
 * Recomputes recorded ticks of one minute from its seed: the first from `previous`, each next from the one
 * recorded before it. The first tick is the one that matters (an order's), so it must be committed; a later
 * tick recorded uncommitted (a leader stopped mid-minute) cannot be recomputed and is passed over, its price
 * still the next one's start. Answers the first tick's recomputed value, or the first that differs.
 */
export async function recomputeTicks(
  seed: string,
  product: CommittedProduct,
  previous: FairTick | null,
  ticks: readonly FairTick[],
): Promise<StepResult> {
  const [first] = ticks;
  if (!first) return { status: "unavailable", problem: "no_tick" };
  if (first.uncommitted)
    return { status: "fail", problem: "tick_uncommitted", time: first.time, found: priceText(first.price, product.precision) };
  if (!previous) return { status: "unavailable", problem: "previous_missing", time: first.time };
  let price = BigInt(previous.price);
  let firstDerived = 0n;
  for (const tick of ticks) {
    const recorded = BigInt(tick.price);
    if (!tick.uncommitted) {
      const derived = await deriveTick(seed, product, tick.time, price);
      if (derived !== recorded) {
        return {
          status: "fail",
          problem: "tick_mismatch",
          time: tick.time,
          expected: priceText(derived, product.precision),
          found: priceText(recorded, product.precision),
        };
      }
      if (tick === first) firstDerived = derived;
    }
    price = recorded;
  }
  const value = priceText(firstDerived, product.precision);
  return { status: "pass", time: first.time, expected: value, found: value };
}

/**
 * The chain through recorded ticks: each link is SHA-256(previous link ‖ u32 id ‖ u64 t ‖ u64 price) and the
 * last is the minute's published head.
 */
export async function checkChain(
  productId: number,
  previous: FairTick | null,
  ticks: readonly FairTick[],
  head: FairHead | null,
): Promise<StepResult> {
  if (ticks.length === 0) return { status: "unavailable", problem: "no_tick" };
  if (!previous?.link) return { status: "unavailable", problem: "previous_missing", time: ticks[0]!.time };
  let link = previous.link;
  for (const tick of ticks) {
    link = await chainLink(link, productId, tick.time, tick.price);
    if (link !== tick.link) return { status: "fail", problem: "link_mismatch", time: tick.time, expected: link, found: tick.link ?? "" };
  }
  if (!head) return { status: "fail", problem: "head_missing", expected: link };
  if (head.head !== link) return { status: "fail", problem: "head_mismatch", time: head.lastTime, expected: link, found: head.head };
  return { status: "pass", time: ticks[ticks.length - 1]!.time, expected: link, found: head.head };
}
