import { readFileSync } from "node:fs";

import { afterEach, describe, expect, it, vi } from "vitest";

import { type PricedProduct, SimulatedProvider } from "#server/market/provider";

// node:crypto's randomBytes, replaced by a fixed pattern while a test asks for it and counted always
const crypto = vi.hoisted(() => ({ fixed: false, calls: 0 }));
vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  const randomBytes = (size: number) => {
    crypto.calls++;
    if (!crypto.fixed) return real.randomBytes(size);
    return Buffer.from(Array.from({ length: size }, (_, i) => (i * 37 + 11) % 256));
  };
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});
afterEach(() => {
  crypto.fixed = false;
  crypto.calls = 0;
});

const product: PricedProduct = { id: 1, precision: 2, basePrice: 6_000_000, volatilityBps: 6000 };
const walk = (provider: SimulatedProvider) => {
  const prices: number[] = [];
  let price = product.basePrice;
  for (let i = 0; i < 50; i++) prices.push((price = provider.step(product, price, 1)));
  return prices;
};

/**
 * The provider the server runs (`new SimulatedProvider()` in server/main.ts, no argument) takes its numbers
 * from node:crypto and from nowhere else: with the operating system's bytes pinned, two such providers walk
 * alike, which a default drawing on `Math.random` (or any other generator) would not.
 */
describe("the server's price provider draws from node:crypto", () => {
  it("the server builds its provider with the default source", () => {
    const main = readFileSync(new URL("../../server/main.ts", import.meta.url), "utf8");
    expect(main).toMatch(/provider: new SimulatedProvider\(\),/);
  });

  it("with node:crypto's bytes fixed, two default providers walk exactly alike", () => {
    crypto.fixed = true;
    const first = walk(new SimulatedProvider());
    const second = walk(new SimulatedProvider());
    expect(crypto.calls).toBeGreaterThanOrEqual(2);
    expect(second).toEqual(first);
    // and the walk moves: the pinned bytes are really what it is made of
    expect(new Set(first).size).toBeGreaterThan(10);
  });

  it("with node:crypto's own bytes, two default providers walk apart", () => {
    expect(walk(new SimulatedProvider())).not.toEqual(walk(new SimulatedProvider()));
    expect(crypto.calls).toBeGreaterThanOrEqual(2);
  });
});
