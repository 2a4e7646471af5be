import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import type { FairCommitment, FairReveal } from "#contract/fair";
import type { Db } from "#server/db/client";
import { CHAIN_GENESIS, chainLink, deriveTick, type FairParams } from "#server/market/fair-derivation";
import { SimulatedProvider } from "#server/market/provider";

import { api, type Harness, HARNESS_START, loginDemo, placeOrder, productId, startHarness } from "./harness";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every row of every table, as text: what a backup or an operator's query could ever show. */
async function everyTable(db: Db): Promise<string> {
  const tables = rows<{ name: string }>(await db.execute(`select tablename as name from pg_tables where schemaname = 'public'` as never));
  const parts: string[] = [];
  for (const { name } of tables) parts.push(JSON.stringify(rows(await db.execute(`select * from "${name}"` as never))));
  return parts.join("\n");
}

/** The products a minute's canonical parameters name (docs/fairness.md), read back from their bytes. */
function decodeParams(hex: string): FairParams[] {
  const bytes = Buffer.from(hex, "hex");
  const count = bytes.readUInt32BE(8);
  let at = 12;
  const products: FairParams[] = [];
  for (let i = 0; i < count; i++) {
    const id = bytes.readUInt32BE(at);
    const length = bytes[at + 4]!;
    const symbol = bytes.subarray(at + 5, at + 5 + length).toString("ascii");
    at += 5 + length;
    const precision = bytes[at]!;
    const basePrice = Number(bytes.readBigUInt64BE(at + 1));
    const volatilityBps = bytes.readUInt32BE(at + 9);
    at += 13;
    products.push({ id, symbol, precision, basePrice, volatilityBps });
  }
  return products;
}

interface RecordedTick {
  product_id: number;
  time: string | number;
  price: string | number;
  uncommitted: boolean;
  link: string | null;
}

/**
 * What an outside verifier does for one minute and one product: the seed matches its commitment, each recorded
 * tick is the derivation from the one before, each chain value follows, and the last is the minute's head.
 * Returns the first thing that does not hold, or null.
 */
function checkMinute(
  commitment: FairCommitment,
  seedHex: string,
  pid: number,
  before: RecordedTick,
  minuteTicks: RecordedTick[],
  head: string,
): string | null {
  const seed = Buffer.from(seedHex, "hex");
  if (createHash("sha256").update(seed).update(Buffer.from(commitment.params, "hex")).digest("hex") !== commitment.commitment)
    return "seed does not match its commitment";
  const params = decodeParams(commitment.params).find((product) => product.id === pid);
  if (!params) return "product not in the commitment";
  let previous = Number(before.price);
  let link = before.link ?? CHAIN_GENESIS;
  for (const tick of minuteTicks) {
    // a commitment covers the seconds after it was published: any before are recorded uncommitted
    if (Number(tick.time) <= commitment.createdAt && !tick.uncommitted) return `tick ${tick.time} is not marked uncommitted`;
    if (Number(tick.time) > commitment.createdAt && tick.uncommitted) return `tick ${tick.time} is marked uncommitted`;
    const derived = Number(tick.time) > commitment.createdAt ? deriveTick(seed, params, Number(tick.time), previous) : Number(tick.price);
    if (derived !== Number(tick.price)) return `tick ${tick.time} is ${tick.price}, derived ${derived}`;
    link = chainLink(link, pid, Number(tick.time), derived);
    if (link !== tick.link) return `chain breaks at ${tick.time}`;
    previous = derived;
  }
  return link === head ? null : "the minute's head does not match";
}

describe("the committed feed, recorded and revealed", () => {
  let h: Harness;
  let token: string;
  let btc: number;
  let orderId: number;
  let dumpWhileHeld: string;
  const dataDir = mkdtempSync(join(tmpdir(), "trading-fair-"));

  beforeAll(async () => {
    h = await startHarness({ provider: new SimulatedProvider(), dataDir });
    token = await loginDemo(h);
    btc = productId(h.feed, "BTCUSDT");
    await h.advance(2);
    const placed = await placeOrder(h, token, btc, { seconds: "60" });
    expect(placed.body.code).toBe(1);
    orderId = placed.body.data.id;
    // the order's minutes are committed and their seeds held: a snapshot of everything stored now
    await h.advance(30);
    dumpWhileHeld = await everyTable(h.database.db);
    // past the exit minute and the grace: its seed is revealed
    await h.advance(150);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("settles the order, and the commitment of its exit minute was published before it was accepted", async () => {
    const proof = (await api(h, endpoints.fairOrder, { id: String(orderId) }, { token })).body.data;
    expect(proof.status).toBe("closed");
    const exitMinute = Math.floor((proof.openTime + 60) / 60);
    const exitCommitment = proof.commitments.find((c) => c.minute === exitMinute && !c.lost)!;
    expect(exitCommitment.createdAt).toBeLessThan(proof.openTime);
    // and so for every order in the database
    const late = rows(
      await h.database.db.execute(
        `
        select o.id from orders o
        where not exists (select 1 from fair_commitments c where c.minute = o.expires_at / 60 and c.created_at < o.open_time)` as never,
      ),
    );
    expect(late).toEqual([]);
    expect(proof.reveals.map((reveal) => reveal.minute)).toContain(exitMinute);
  });

  it("every revealed minute recomputes to the recorded ticks of every simulated product, chained to its head", async () => {
    const from = HARNESS_START;
    const to = h.clock.now;
    const commitments = (await api(h, endpoints.fairCommitments, { from: String(from), to: String(to) })).body.data;
    const reveals = (await api(h, endpoints.fairReveals, { from: String(from), to: String(to) })).body.data;
    expect(reveals.length).toBeGreaterThanOrEqual(2);
    const simulated = [...h.feed.products.values()].filter((p) => p.feedSource === "simulated").map((p) => p.id);
    let checked = 0;
    for (const reveal of reveals) {
      const commitment = commitments.find((c) => c.commitment === reveal.commitment)!;
      for (const pid of simulated) {
        const heads = (await api(h, endpoints.fairHeads, { pid: String(pid), from: String(reveal.start), to: String(reveal.start) })).body
          .data;
        const ticks = rows<RecordedTick>(
          await h.database.db.execute(
            `select * from ticks where product_id = ${pid} and time < ${reveal.start + 60} order by time desc limit 61` as never,
          ),
        ).reverse();
        const inMinute = ticks.filter((tick) => Number(tick.time) >= reveal.start);
        if (inMinute.length === 0) continue; // the product's market was closed all minute
        const before = ticks[ticks.length - inMinute.length - 1]!;
        expect(checkMinute(commitment, reveal.seed, pid, before, inMinute, heads[0]!.head)).toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("one changed recorded tick, or one changed seed, fails the check", async () => {
    const [reveal] = (await api(h, endpoints.fairReveals, { from: String(HARNESS_START), to: String(h.clock.now) })).body
      .data as FairReveal[];
    const commitment = (await api(h, endpoints.fairCommitments, { from: String(reveal!.start), to: String(reveal!.start) })).body.data.find(
      (c) => c.commitment === reveal!.commitment,
    )!;
    const heads = (await api(h, endpoints.fairHeads, { pid: String(btc), from: String(reveal!.start), to: String(reveal!.start) })).body
      .data;
    const ticks = rows<RecordedTick>(
      await h.database.db.execute(
        `select * from ticks where product_id = ${btc} and time < ${reveal!.start + 60} order by time desc limit 61` as never,
      ),
    ).reverse();
    const [before, ...inMinute] = ticks;
    expect(checkMinute(commitment, reveal!.seed, btc, before!, inMinute, heads[0]!.head)).toBeNull();
    const changedTick = inMinute.map((tick, i) => (i === 20 ? { ...tick, price: Number(tick.price) + 1 } : tick));
    expect(checkMinute(commitment, reveal!.seed, btc, before!, changedTick, heads[0]!.head)).toMatch(/tick .* is/);
    const changedSeed = (reveal!.seed.slice(0, 63) + (reveal!.seed.endsWith("0") ? "1" : "0")) as string;
    expect(checkMinute(commitment, changedSeed, btc, before!, inMinute, heads[0]!.head)).toBe("seed does not match its commitment");
  });

  it("no seed was in any table before its reveal, nor ever in the logs", async () => {
    const reveals = (await api(h, endpoints.fairReveals, { from: String(HARNESS_START), to: String(h.clock.now) })).body.data;
    const lastInDump = Math.floor((HARNESS_START + 32) / 60);
    const heldThen = reveals.filter((reveal) => reveal.minute > lastInDump - 1 && reveal.revealedAt > HARNESS_START + 32);
    expect(heldThen.length).toBeGreaterThan(0);
    for (const reveal of heldThen) expect(dumpWhileHeld).not.toContain(reveal.seed);
    const logs = h.logs.join("\n");
    for (const reveal of reveals) expect(logs).not.toContain(reveal.seed);
    // the commitments were there while their seeds were not
    expect(dumpWhileHeld).toContain(
      (await api(h, endpoints.fairCommitments, { from: String(heldThen[0]!.start), to: String(heldThen[0]!.start) })).body.data[0]!
        .commitment,
    );
  });

  it("after a restart the minutes whose seeds died are lost: ticks uncommitted, new orders refused until a new commitment covers them", async () => {
    const cashBefore = (await api(h, endpoints.userInfo, {}, { token })).body.data.cash;
    const holding = await placeOrder(h, token, btc, { seconds: "60" });
    expect(holding.body.code).toBe(1);
    await h.advance(5);
    const stoppedAt = h.clock.now;
    await h.close();
    h = await startHarness({ provider: new SimulatedProvider(), dataDir, start: stoppedAt + 120 });
    token = await loginDemo(h);
    const gap = rows<{ uncommitted: boolean }>(
      await h.database.db.execute(`select distinct uncommitted from ticks where product_id = ${btc} and time > ${stoppedAt}` as never),
    );
    expect(gap).toEqual([{ uncommitted: true }]);
    const lost = rows(
      await h.database.db.execute(`select minute from fair_commitments where lost and minute * 60 > ${stoppedAt + 120}` as never),
    );
    expect(lost.length).toBeGreaterThan(0);
    const refused = await placeOrder(h, token, btc, { seconds: "60" });
    expect(refused.body.err).toBe("feed_uncommitted");
    expect(refused.status).toBe(422);
    // the order that was open when the process died settles on nothing uncommitted: it is void, refunded once
    await h.advance(11);
    await h.advance(1);
    const order = (await api(h, endpoints.order, { id: String(holding.body.data.id) }, { token })).body.data;
    expect(order).toMatchObject({ status: "void", voidReason: "uncommitted" });
    expect((await api(h, endpoints.userInfo, {}, { token })).body.data.cash).toBe(cashBefore);
    const voids = (await api(h, endpoints.fairVoids, { from: String(h.clock.now - 86400), to: String(h.clock.now) })).body.data;
    expect(voids).toEqual([{ day: Math.floor(h.clock.now / 86400) * 86400, reason: "uncommitted", count: 1 }]);
  }, 120_000);

  it("a quick restart's fresh seeds decide no order opened before them: its exit tick is committed, but too late, so it is void", async () => {
    await h.advance(61);
    const cashBefore = (await api(h, endpoints.userInfo, {}, { token })).body.data.cash;
    const holding = await placeOrder(h, token, btc, { seconds: "60" });
    expect(holding.body.code).toBe(1);
    await h.advance(3);
    const stoppedAt = h.clock.now;
    await h.close();
    h = await startHarness({ provider: new SimulatedProvider(), dataDir, start: stoppedAt + 2 });
    token = await loginDemo(h);
    // its exit minute is decided (revealed under the new commitment) before it is settled or void
    await h.advanceTo(holding.body.data.resultAt);
    const exitTick = rows<{ uncommitted: boolean }>(
      await h.database.db.execute(
        `select uncommitted from ticks where product_id = ${btc} and time <= ${holding.body.data.closeTime} order by time desc limit 1` as never,
      ),
    );
    // recorded under the new leader's commitment, published after the order was accepted
    expect(exitTick).toEqual([{ uncommitted: false }]);
    const order = (await api(h, endpoints.order, { id: String(holding.body.data.id) }, { token })).body.data;
    expect(order).toMatchObject({ status: "void", voidReason: "uncommitted" });
    expect((await api(h, endpoints.userInfo, {}, { token })).body.data.cash).toBe(cashBefore);
  }, 120_000);

  it("every minute over has its head, the link of its last tick, across the restarts (a stopped leader's open minute too)", async () => {
    await h.advance(61);
    const missing = rows(
      await h.database.db.execute(
        `
        select t.product_id, t.time / 60 as minute, t.link, h.head from ticks t
        left join fair_heads h on h.product_id = t.product_id and h.minute = t.time / 60
        where t.link is not null and t.time / 60 < ${Math.floor(h.clock.now / 60)}
          and t.time = (select max(l.time) from ticks l where l.product_id = t.product_id and l.time / 60 = t.time / 60)
          and h.head is distinct from t.link` as never,
      ),
    );
    expect(missing).toEqual([]);
    const heads = rows<{ n: number }>(await h.database.db.execute(`select count(*)::int as n from fair_heads` as never));
    expect(heads[0]!.n).toBeGreaterThan(10);
  }, 120_000);
});
