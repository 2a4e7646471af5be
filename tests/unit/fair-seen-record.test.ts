import { describe, expect, it } from "vitest";

import { compareCommitments, compareHeads, readContradictions, SEEN_DAYS, type SeenStore } from "@/features/fairness/seen-record";
import type { FairCommitment, FairHead } from "#contract/fair";

/** The record's store as a Map: what IndexedDB would keep, readable by the test. */
function fakeStore(): SeenStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
    keys: async () => [...data.keys()],
  };
}

const MINUTE = 29_600_000; // a day's minutes start at multiples of 1440: this is one of them
const NOW = MINUTE * 60 + 600;
const commitment = (minute: number, hash: string, extra: Partial<FairCommitment> = {}): FairCommitment => ({
  minute,
  start: minute * 60,
  commitment: hash.repeat(64 / hash.length),
  params: "00",
  createdAt: minute * 60 - 900,
  lost: false,
  ...extra,
});
const head = (minute: number, hash: string, lastSecond = 59): FairHead => ({
  pid: 3,
  minute,
  start: minute * 60,
  head: hash.repeat(64 / hash.length),
  lastTime: minute * 60 + lastSecond,
});
const minutes = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);

describe("the commitments and heads this device was shown", () => {
  it("finds nothing when later answers agree, and also when a commitment is later marked lost or a minute gains a fresh one", async () => {
    const store = fakeStore();
    const first = [commitment(MINUTE, "a1"), commitment(MINUTE + 1, "b2")];
    expect(await compareCommitments(store, first, minutes(MINUTE, 2), NOW)).toEqual([]);
    expect(await compareCommitments(store, first, minutes(MINUTE, 2), NOW + 5)).toEqual([]);
    // a leader change: the first commitment lost, a new one for the rest of the minute
    const after = [
      commitment(MINUTE, "a1", { lost: true }),
      commitment(MINUTE, "c3", { createdAt: MINUTE * 60 + 20 }),
      commitment(MINUTE + 1, "b2"),
    ];
    expect(await compareCommitments(store, after, minutes(MINUTE, 2), NOW + 10)).toEqual([]);
    expect(await readContradictions(store)).toEqual([]);
  });

  it("warns, and keeps both values, when a commitment it saw is replaced or removed from the history", async () => {
    const store = fakeStore();
    await compareCommitments(store, [commitment(MINUTE, "a1"), commitment(MINUTE + 1, "b2")], minutes(MINUTE, 2), NOW);
    const found = await compareCommitments(store, [commitment(MINUTE, "d4"), commitment(MINUTE + 1, "b2")], minutes(MINUTE, 2), NOW + 60);
    expect(found).toEqual([
      {
        kind: "commitment",
        minute: MINUTE,
        stored: `${"a1".repeat(32)} @${MINUTE * 60 - 900}`,
        shown: `${"d4".repeat(32)} @${MINUTE * 60 - 900}`,
        seenAt: NOW,
        foundAt: NOW + 60,
      },
    ]);
    // removed: the answer covers the minute and has nothing for it
    const removed = await compareCommitments(store, [commitment(MINUTE, "a1")], minutes(MINUTE, 2), NOW + 120);
    expect(removed).toMatchObject([{ kind: "commitment", minute: MINUTE + 1, shown: null }]);
    // the evidence stays, once each, and the first value seen stays the one compared with
    expect(await readContradictions(store)).toHaveLength(2);
    expect(await compareCommitments(store, [commitment(MINUTE, "d4")], [MINUTE], NOW + 180)).toHaveLength(1);
    expect(await readContradictions(store)).toHaveLength(2);
  });

  it("warns when a commitment's publication time changes or a lost one is shown as not lost", async () => {
    const store = fakeStore();
    await compareCommitments(store, [commitment(MINUTE, "a1", { lost: true })], [MINUTE], NOW);
    expect(await compareCommitments(store, [commitment(MINUTE, "a1")], [MINUTE], NOW + 1)).toMatchObject([{ kind: "commitment" }]);
    expect(
      await compareCommitments(store, [commitment(MINUTE, "a1", { lost: true, createdAt: MINUTE * 60 - 1000 })], [MINUTE], NOW + 2),
    ).toHaveLength(1);
  });

  it("does not judge minutes an answer does not cover", async () => {
    const store = fakeStore();
    await compareCommitments(store, [commitment(MINUTE, "a1")], [MINUTE], NOW);
    expect(await compareCommitments(store, [commitment(MINUTE + 5, "e5")], [MINUTE + 5], NOW + 1)).toEqual([]);
  });

  it("warns when a final head it saw changes or disappears, and keeps a head still growing out of the record", async () => {
    const store = fakeStore();
    await compareHeads(store, 3, [head(MINUTE, "11"), head(MINUTE + 1, "22", 30)], minutes(MINUTE, 2), NOW);
    // the growing minute's head moves on: no contradiction
    expect(await compareHeads(store, 3, [head(MINUTE, "11"), head(MINUTE + 1, "33")], minutes(MINUTE, 2), NOW + 40)).toEqual([]);
    const found = await compareHeads(store, 3, [head(MINUTE, "44"), head(MINUTE + 1, "33")], minutes(MINUTE, 2), NOW + 80);
    expect(found).toEqual([
      { kind: "head", minute: MINUTE, pid: 3, stored: "11".repeat(32), shown: "44".repeat(32), seenAt: NOW, foundAt: NOW + 80 },
    ]);
    // the minute that became final at NOW + 40 is now held too
    expect(await compareHeads(store, 3, [head(MINUTE, "11")], minutes(MINUTE, 2), NOW + 90)).toMatchObject([
      { minute: MINUTE + 1, stored: "33".repeat(32), shown: null },
    ]);
    // another product's heads are its own
    expect(await compareHeads(store, 4, [{ ...head(MINUTE, "55"), pid: 4 }], [MINUTE], NOW)).toEqual([]);
    expect(await readContradictions(store)).toHaveLength(2);
  });

  it("compares answers that arrive together one after the other", async () => {
    const store = fakeStore();
    const [a, b] = await Promise.all([
      compareHeads(store, 3, [head(MINUTE, "11")], [MINUTE], NOW),
      compareHeads(store, 3, [head(MINUTE, "66")], [MINUTE], NOW),
    ]);
    expect([...a, ...b]).toMatchObject([{ stored: "11".repeat(32), shown: "66".repeat(32) }]);
  });

  it(`drops the record of days older than ${SEEN_DAYS} days, never the evidence`, async () => {
    const store = fakeStore();
    await compareHeads(store, 3, [head(MINUTE, "11")], [MINUTE], NOW);
    await compareHeads(store, 3, [head(MINUTE, "77")], [MINUTE], NOW);
    const later = NOW + (SEEN_DAYS + 1) * 86_400;
    await compareHeads(store, 3, [], [], later);
    expect([...store.data.keys()]).toEqual(["contradictions"]);
  });
});
