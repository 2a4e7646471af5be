import { describe, expect, it } from "vitest";

import { chainLink, commitmentOf, deriveTick, encodeParams, GENESIS, parseParams } from "@/features/fairness/verify/derivation";
import { checkSeed, recomputeTicks } from "@/features/fairness/verify/steps";
import { type OrderStep, verifyOrder } from "@/features/fairness/verify/verify-order";
import { FAIR_REVEAL_GRACE_SECONDS, type FairCommitment, type FairOrderProof, type FairTick } from "#contract/fair";

// the vectors docs/fairness.md quotes, checked here against the browser's verifier (WebCrypto), which was
// written from that page alone
const SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0")).join("");
const MINUTE = 30_000_000;
const PARAMS =
  "0000000001c9c38000000002000000010742544355534454020000000000632ea000001770" + "000000020645555255534405000000000001a5e000000320";
const COMMITMENT = "5c54d8d309166347ead5305df1e2e072520ecd2dc71bddedf770a2488b595c09";
const PREVIOUS_PRICE = 6_512_345;
const VECTORS: Array<[number, number, string]> = [
  [1_800_000_000, 6_511_823, "21acc4dfff6dd83aef39bb2d657d20ffb5204c7bba44164d29cf5d06e1db8b50"],
  [1_800_000_001, 6_511_997, "002371cb8246de36572d66db6849697d214e8ceb2177fa510c5bd8a6e5421d09"],
  [1_800_000_002, 6_511_475, "01e2d97b1dfaf81ce2a1445051ef25980213afdd642c88187e780b79debb8664"],
  [1_800_000_003, 6_511_475, "94c0d19b5940d803422955e89a2db9bfaf0645da23d3ae414fe8baf3045b31ee"],
  [1_800_000_004, 6_510_779, "ce11a4b7ed15abc6cd9b099c6dc3eaac36d87751ab4cc1c2f87cb5f7b89fa3e1"],
];
const BTC = { id: 1, symbol: "BTCUSDT", precision: 2, basePrice: 6_500_000n, volatilityBps: 6000 };

const recorded: FairTick[] = VECTORS.map(([time, price, link]) => ({ time, price, link, uncommitted: false }));
const genesisTick: FairTick = { time: 1_799_999_999, price: PREVIOUS_PRICE, link: GENESIS, uncommitted: false };
const commitmentRow: FairCommitment = {
  minute: MINUTE,
  start: MINUTE * 60,
  commitment: COMMITMENT,
  params: PARAMS,
  createdAt: MINUTE * 60 - 900,
  lost: false,
};
const head = { pid: 1, minute: MINUTE, start: MINUTE * 60, head: VECTORS[4]![2], lastTime: VECTORS[4]![0] };

/**
 * An order on the vectors' minute: entered at the first second (its minute's ticks follow it), exited at the
 * fourth (the tick before it is the third). The minute ends, for the test, at the last vector.
 */
function proof(): FairOrderProof {
  return {
    id: 7,
    pid: 1,
    symbol: "BTCUSDT",
    precision: 2,
    status: "closed",
    voidReason: null,
    openTime: 1_800_000_000,
    entry: { time: 1_800_000_000, previous: { ...genesisTick }, ticks: recorded.map((t) => ({ ...t })), head: { ...head } },
    exit: { time: 1_800_000_003, previous: { ...recorded[2]! }, ticks: recorded.slice(3).map((t) => ({ ...t })), head: { ...head } },
    commitments: [{ ...commitmentRow }],
    reveals: [{ commitment: COMMITMENT, minute: MINUTE, start: MINUTE * 60, seed: SEED, revealedAt: MINUTE * 60 + 62 }],
  };
}

const byName = (steps: OrderStep[]) => Object.fromEntries(steps.map((step) => [step.name, step]));
const statuses = (steps: OrderStep[]) => Object.fromEntries(steps.map((step) => [step.name, step.status]));

describe("the browser's verifier on the vectors of docs/fairness.md", () => {
  it("reads and writes the canonical parameters and computes the commitment", async () => {
    const params = parseParams(PARAMS);
    expect(params.minute).toBe(MINUTE);
    expect(params.products).toEqual([BTC, { id: 2, symbol: "EURUSD", precision: 5, basePrice: 108_000n, volatilityBps: 800 }]);
    expect(encodeParams({ minute: MINUTE, products: [...params.products].reverse() })).toBe(PARAMS);
    expect(await commitmentOf(SEED, PARAMS)).toBe(COMMITMENT);
  });

  it("derives each tick from the seed and the previous price, and chains it from the genesis value", async () => {
    let price = BigInt(PREVIOUS_PRICE);
    let link = GENESIS;
    for (const [time, tick, expectedLink] of VECTORS) {
      price = await deriveTick(SEED, BTC, time, price);
      link = await chainLink(link, 1, time, price);
      expect([time, Number(price), link]).toEqual([time, tick, expectedLink]);
    }
  });

  it("passes every step of an honest order, with the values it checked", async () => {
    const steps = await verifyOrder(proof());
    expect(statuses(steps)).toEqual({
      entryCommitment: "pass",
      exitCommitment: "pass",
      entryTick: "pass",
      exitTick: "pass",
      entryChain: "pass",
      exitChain: "pass",
    });
    const named = byName(steps);
    expect(named.entryCommitment).toMatchObject({ expected: COMMITMENT, found: COMMITMENT });
    expect(named.entryTick).toMatchObject({ time: 1_800_000_000, expected: "65118.23", found: "65118.23" });
    expect(named.exitTick).toMatchObject({ time: 1_800_000_003, expected: "65114.75", found: "65114.75" });
    expect(named.exitChain).toMatchObject({ expected: VECTORS[4]![2], found: VECTORS[4]![2] });
  });

  it("fails the exit tick's recomputation and its chain when one recorded exit tick is changed", async () => {
    const changed = proof();
    changed.exit!.ticks[0]!.price += 1;
    const steps = byName(await verifyOrder(changed));
    expect(steps.exitTick).toMatchObject({
      status: "fail",
      problem: "tick_mismatch",
      time: 1_800_000_003,
      expected: "65114.75",
      found: "65114.76",
    });
    expect(steps.exitChain).toMatchObject({ status: "fail", problem: "link_mismatch", time: 1_800_000_003, found: VECTORS[3]![2] });
    expect([steps.entryCommitment!.status, steps.exitCommitment!.status, steps.entryTick!.status, steps.entryChain!.status]).toEqual([
      "pass",
      "pass",
      "pass",
      "pass",
    ]);
  });

  it("finds a changed tick later in the entry's minute, where the order's own tick still holds", async () => {
    const result = await recomputeTicks(SEED, BTC, genesisTick, [
      ...recorded.slice(0, 2),
      { ...recorded[2]!, price: 6_511_000 },
      ...recorded.slice(3),
    ]);
    expect(result).toMatchObject({
      status: "fail",
      problem: "tick_mismatch",
      time: 1_800_000_002,
      expected: "65114.75",
      found: "65110.00",
    });
  });

  it("fails both commitments and both ticks when the revealed seed is changed", async () => {
    const changed = proof();
    changed.reveals[0]!.seed = `${SEED.slice(0, 62)}1e`;
    const steps = byName(await verifyOrder(changed));
    expect(steps.entryCommitment).toMatchObject({ status: "fail", problem: "commitment_mismatch", expected: COMMITMENT });
    expect(steps.entryCommitment!.found).not.toBe(COMMITMENT);
    expect(steps.exitCommitment!.status).toBe("fail");
    expect(steps.entryTick).toMatchObject({ status: "fail", problem: "tick_mismatch", found: "65118.23" });
    expect(steps.exitTick!.status).toBe("fail");
    // the recorded ticks still chain: only the derivation and the commitment say something is wrong
    expect([steps.entryChain!.status, steps.exitChain!.status]).toEqual(["pass", "pass"]);
  });

  it("fails the commitment when the published parameters are changed (another volatility) under the same seed", async () => {
    const params = parseParams(PARAMS);
    const other = encodeParams({ ...params, products: params.products.map((p) => (p.id === 1 ? { ...p, volatilityBps: 6001 } : p)) });
    const result = await checkSeed(
      { ...commitmentRow, params: other },
      { commitment: COMMITMENT, minute: MINUTE, start: 0, seed: SEED, revealedAt: 0 },
    );
    expect(result).toMatchObject({ status: "fail", problem: "commitment_mismatch", expected: COMMITMENT });
  });

  it("fails the chain at the link that was changed, and at the head when only the head was", async () => {
    const changed = proof();
    changed.entry.ticks[2]!.link = "ab".repeat(32);
    const steps = byName(await verifyOrder(changed));
    expect(steps.entryChain).toMatchObject({
      status: "fail",
      problem: "link_mismatch",
      time: 1_800_000_002,
      expected: VECTORS[2]![2],
      found: "ab".repeat(32),
    });
    expect([steps.entryTick!.status, steps.exitTick!.status, steps.exitChain!.status]).toEqual(["pass", "pass", "pass"]);

    const otherHead = proof();
    otherHead.exit!.head!.head = "cd".repeat(32);
    expect(byName(await verifyOrder(otherHead)).exitChain).toMatchObject({
      status: "fail",
      problem: "head_mismatch",
      expected: VECTORS[4]![2],
      found: "cd".repeat(32),
    });
  });

  it("says when a seed not yet revealed will be, instead of passing or failing", async () => {
    const waiting = proof();
    waiting.reveals = [];
    const steps = byName(await verifyOrder(waiting));
    const revealAt = (MINUTE + 1) * 60 + FAIR_REVEAL_GRACE_SECONDS;
    expect(steps.entryCommitment).toMatchObject({ status: "pending", problem: "not_revealed", revealAt });
    expect(steps.exitTick).toMatchObject({ status: "pending", problem: "not_revealed", revealAt });
    expect(steps.entryChain!.status).toBe("pass");
  });

  it("fails a tick recorded uncommitted, a lost commitment and one published after the order was accepted", async () => {
    const uncommitted = proof();
    uncommitted.exit!.ticks[0]!.uncommitted = true;
    expect(byName(await verifyOrder(uncommitted)).exitTick).toMatchObject({ status: "fail", problem: "tick_uncommitted" });

    const lost = proof();
    lost.commitments[0]!.lost = true;
    const lostSteps = byName(await verifyOrder(lost));
    expect(lostSteps.entryCommitment).toMatchObject({ status: "fail", problem: "commitment_lost", found: COMMITMENT });

    const late = proof();
    late.openTime = commitmentRow.createdAt - 1;
    expect(byName(await verifyOrder(late)).exitCommitment).toMatchObject({ status: "fail", problem: "commitment_late" });
  });
});
