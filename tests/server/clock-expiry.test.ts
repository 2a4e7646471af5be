import { describe, expect, it } from "vitest";

import { CLOCK_EXPIRY_CUTOFF_SECONDS, clockExpiries } from "#contract/clock-expiry";

import { api, demoTraderPerFile, placeOrder, rid, snapshot } from "./harness";

// BTCUSDT's options: 30 s at 0.8, 60 s at 0.85, 180 s at 0.88, 300 s at 0.9 (server/market/catalog.ts)
const LONGEST = 300;
const site = demoTraderPerFile();

/** Moves the clock to `second` past the next whole minute (0–59), so each test knows how far the boundaries are. */
async function toSecond(second: number) {
  const { h } = site;
  const now = h.clock.now;
  const target = Math.ceil((now + 1) / 60) * 60 + second;
  await h.advance(target - now);
}

const clockOrder = (expiresAt: number, fields: Record<string, string> = {}) =>
  placeOrder(site.h, site.token, site.btc, { expiresAt: String(expiresAt), ...fields });
const cash = async () => (await api(site.h, "GET", "/api/user/index", {}, { token: site.token })).body.data.cash as string;
const getOrder = async (id: number) =>
  (await api(site.h, "GET", "/api/user/get_this_order", { id: String(id) }, { token: site.token })).body.data;

describe("expiry at a clock time", () => {
  it("opens an order that closes at the boundary, its seconds and rate the server's, whatever the client sent", async () => {
    await toSecond(10);
    const now = site.h.clock.now;
    const boundary = clockExpiries(now, LONGEST)[0]!;
    expect(boundary - now).toBe(50);
    // the client's seconds (30) and a rate of its own are ignored: 50 s left takes the 60 s option's rate
    const answer = await clockOrder(boundary, { seconds: "30", payoutRate: "0.99" });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toMatchObject({ closeTime: boundary, openTime: now, seconds: 50, payoutRate: "0.85", status: "holding" });
    expect((await getOrder(answer.body.data.id)).closeTime).toBe(boundary);
  });

  it("takes the rate of the shortest duration option not shorter than the time left", async () => {
    await toSecond(5);
    const now = site.h.clock.now;
    // boundaries 55, 115, 175, 235 and 295 s away: options 60, 180, 180, 300 and 300 s
    const offered = clockExpiries(now, LONGEST);
    expect(offered.map((at) => at - now)).toEqual([55, 115, 175, 235, 295]);
    const rates = [];
    for (const at of offered) rates.push((await clockOrder(at)).body.data.payoutRate);
    expect(rates).toEqual(["0.85", "0.88", "0.88", "0.9", "0.9"]);
  });

  it("settles at that exact second, on the tick of the boundary", async () => {
    await toSecond(20);
    const { h, btc } = site;
    const boundary = clockExpiries(h.clock.now, LONGEST)[0]!;
    const left = boundary - h.clock.now;
    const opened = (await clockOrder(boundary)).body.data;
    const open = h.feed.quote(btc)!.price;
    // only the tick at the boundary counts: one second earlier the price is higher, one later lower
    h.provider.queued.set(btc, [...Array(left - 1).fill(open + 50), open - 1, open + 9999]);
    await h.advance(left - 1);
    expect((await getOrder(opened.id)).status).toBe("holding");
    await h.advance(1);
    // the boundary is the first second of a minute: the result waits for that minute's seed to be revealed
    const expired = await getOrder(opened.id);
    expect(expired.status).toBe("holding");
    expect(expired.resultAt).toBeGreaterThan(boundary + 59);
    await h.advanceTo(expired.resultAt);
    const settled = await getOrder(opened.id);
    expect(settled).toMatchObject({ status: "closed", result: "loss", closeTime: boundary });
    expect(settled.closePrice).toBe(((open - 1) / 100).toFixed(2));
  });

  it("refuses a time past its cut-off, off a boundary or beyond the longest option, and changes nothing", async () => {
    await toSecond(40);
    const now = site.h.clock.now;
    const boundary = Math.ceil(now / 60) * 60; // 20 s away: inside the cut-off
    expect(boundary - now).toBeLessThan(CLOCK_EXPIRY_CUTOFF_SECONDS);
    const before = await snapshot(site.h);
    const cashBefore = await cash();
    for (const expiresAt of [boundary, boundary + 60 + 15, boundary + LONGEST + 60, now - 60]) {
      const answer = await clockOrder(expiresAt);
      expect(answer.body, String(expiresAt - now)).toMatchObject({ code: 0, err: "expiry_not_offered" });
      expect(answer.status).toBe(422);
    }
    expect(await snapshot(site.h)).toBe(before);
    expect(await cash()).toBe(cashBefore);
    // the next boundary is still on offer
    expect((await clockOrder(boundary + 60)).body.data.closeTime).toBe(boundary + 60);
  });

  it("refuses a boundary the buyer saw but that passed its cut-off before the order reached the server", async () => {
    await toSecond(25);
    const boundary = clockExpiries(site.h.clock.now, LONGEST)[0]!;
    await site.h.advance(boundary - CLOCK_EXPIRY_CUTOFF_SECONDS - site.h.clock.now + 1);
    expect((await clockOrder(boundary)).body.err).toBe("expiry_not_offered");
  });

  it("answers a retried requestId with its first order, and refuses it for another time", async () => {
    await toSecond(15);
    const offered = clockExpiries(site.h.clock.now, LONGEST);
    const requestId = rid();
    const first = await clockOrder(offered[1]!, { requestId });
    await site.h.advance(2);
    const again = await clockOrder(offered[1]!, { requestId });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await clockOrder(offered[2]!, { requestId })).body.err).toBe("request_reused");
  });

  it("still needs a settlement time: neither seconds nor a clock time is refused", async () => {
    const answer = await api(
      site.h,
      "POST",
      "/api/user/addorder",
      { pid: String(site.btc), direction: "up", amount: "100", requestId: rid() },
      { token: site.token },
    );
    expect(answer.body).toMatchObject({ code: 0, err: "field_required" });
  });
});
