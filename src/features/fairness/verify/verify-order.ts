import type { FairCommitment, FairOrderProof, FairTickProof } from "#contract/fair";

import { parseParams } from "./derivation";
import { checkChain, checkSeed, recomputeTicks, revealTime, type StepResult } from "./steps";

export type OrderStepName = "entryCommitment" | "exitCommitment" | "entryTick" | "exitTick" | "entryChain" | "exitChain";

export interface OrderStep extends StepResult {
  name: OrderStepName;
}

/** The order of the steps on the page. */
export const ORDER_STEPS: readonly OrderStepName[] = [
  "entryCommitment",
  "exitCommitment",
  "entryTick",
  "exitTick",
  "entryChain",
  "exitChain",
];

const minuteOf = (time: number) => Math.floor(time / 60);

/**
 * The commitment that covers second `time`: of its minute's commitments, the newest not lost published before
 * it (a minute whose first seed was lost may have a second one for the rest of it). When none does, the reason
 * as a failed step.
 */
function coveringCommitment(commitments: readonly FairCommitment[], time: number): FairCommitment | StepResult {
  const ofMinute = commitments.filter((c) => c.minute === minuteOf(time));
  const live = ofMinute.filter((c) => !c.lost && c.createdAt < time).sort((a, b) => b.createdAt - a.createdAt);
  if (live[0]) return live[0];
  const lost = ofMinute.find((c) => c.lost);
  if (lost) return { status: "fail", problem: "commitment_lost", time, found: lost.commitment };
  const late = ofMinute.find((c) => c.createdAt >= time);
  if (late) return { status: "fail", problem: "commitment_late", time: late.createdAt, expected: String(time) };
  return { status: "fail", problem: "no_commitment", time };
}

/** One side of the order (entry or exit): its commitment, its tick recomputed, its chain. */
async function verifySide(proof: FairOrderProof, side: FairTickProof): Promise<[StepResult, StepResult, StepResult]> {
  const [tick] = side.ticks;
  const chain = await checkChain(proof.pid, side.previous, side.ticks, side.head);
  if (!tick) {
    const none: StepResult = { status: "unavailable", problem: "no_tick" };
    return [none, none, chain];
  }
  const covering = coveringCommitment(proof.commitments, tick.time);
  if (!("commitment" in covering)) {
    // no seed can stand behind this tick: the tick itself is not derivable either
    const tickStep: StepResult = tick.uncommitted ? { status: "fail", problem: "tick_uncommitted", time: tick.time } : covering;
    return [covering, tickStep, chain];
  }
  const reveal = proof.reveals.find((r) => r.commitment === covering.commitment);
  const seed = await checkSeed(covering, reveal, [proof.openTime, tick.time]);
  if (!reveal) {
    const waiting: StepResult = { status: "pending", problem: "not_revealed", revealAt: revealTime(covering.minute) };
    return [seed, tick.uncommitted ? { status: "fail", problem: "tick_uncommitted", time: tick.time } : waiting, chain];
  }
  let product;
  try {
    product = parseParams(covering.params).products.find((p) => p.id === proof.pid);
  } catch {
    product = undefined;
  }
  const recomputed = product
    ? await recomputeTicks(reveal.seed, product, side.previous, side.ticks)
    : ({ status: "fail", problem: "product_missing", time: tick.time } satisfies StepResult);
  return [seed, recomputed, chain];
}

/**
 * Checks an order's proof (GET /api/fair/order) step by step as docs/fairness.md "Checking an order" says:
 * the commitments of its entry and exit minutes against their revealed seeds, both ticks recomputed from the
 * seeds, and both ticks' chains up to their minutes' heads.
 */
export async function verifyOrder(proof: FairOrderProof): Promise<OrderStep[]> {
  const [entryCommitment, entryTick, entryChain] = await verifySide(proof, proof.entry);
  const holding: StepResult = { status: "pending", problem: "holding" };
  const [exitCommitment, exitTick, exitChain] = proof.exit ? await verifySide(proof, proof.exit) : [holding, holding, holding];
  const results: Record<OrderStepName, StepResult> = { entryCommitment, exitCommitment, entryTick, exitTick, entryChain, exitChain };
  return ORDER_STEPS.map((name) => ({ name, ...results[name] }));
}
