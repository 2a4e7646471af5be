import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { type PricedProduct, SimulatedProvider } from "#server/market/provider";
import { cryptoRandom, type Random, seededRandom } from "#server/market/random";

// A bitcoin-like product: a wide per-second move, so each public tick carries several bits of the generator
const product: PricedProduct = { id: 1, precision: 2, basePrice: 6_000_000, volatilityBps: 6000 };
const OBSERVED = 8;
const PREDICTED = 30;
// the attack's idea on a state small enough for a test: 16 bits instead of the 32 a real attacker searched
const SEARCH_SPACE = 1 << 16;

function walk(random: Random, start: number, steps: number): number[] {
  const provider = new SimulatedProvider(random);
  const prices: number[] = [];
  let price = start;
  for (let i = 0; i < steps; i++) prices.push((price = provider.step(product, price, 1)));
  return prices;
}

/** What the attacker does with public quotes: try every state and keep those that reproduce what was seen. */
function recoverStates(observed: number[], start: number): number[] {
  const matches: number[] = [];
  for (let seed = 0; seed < SEARCH_SPACE; seed++) {
    const provider = new SimulatedProvider(seededRandom(seed));
    let price = start;
    let consistent = true;
    for (const seen of observed) {
      price = provider.step(product, price, 1);
      if (price !== seen) {
        consistent = false;
        break;
      }
    }
    if (consistent) matches.push(seed);
  }
  return matches;
}

describe("the simulated feed cannot be predicted from its quotes", () => {
  it("a generator with a small known state is recovered from a few ticks and then predicts every future tick", () => {
    const secret = 0xbeef;
    const start = product.basePrice;
    const feed = walk(seededRandom(secret), start, OBSERVED + PREDICTED);
    const seen = feed.slice(0, OBSERVED);
    const [recovered, ...others] = recoverStates(seen, start);
    expect(others).toEqual([]);
    expect(recovered).toBe(secret);
    // the model goes on from the recovered state: the rest of the feed is known before it happens
    const model = seededRandom(recovered!);
    walk(model, start, OBSERVED);
    expect(walk(model, seen.at(-1)!, PREDICTED)).toEqual(feed.slice(OBSERVED));
  });

  it("the live source (CSPRNG) leaves no state to recover: no candidate reproduces its ticks", () => {
    const start = product.basePrice;
    const seen = walk(cryptoRandom(), start, OBSERVED);
    expect(recoverStates(seen, start)).toEqual([]);
  });

  it("two live sources started alike share nothing: the same start gives different walks", () => {
    const start = product.basePrice;
    expect(walk(cryptoRandom(), start, 20)).not.toEqual(walk(cryptoRandom(), start, 20));
  });

  it("live numbers are uniform in [0, 1) and up and down ticks are equally likely", () => {
    const random = cryptoRandom();
    const draws = Array.from({ length: 20_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    const prices = walk(random, product.basePrice, 4001);
    let ups = 0;
    for (let i = 1; i < prices.length; i++) if (prices[i]! > prices[i - 1]!) ups++;
    // 4 000 fair coin flips: 2 000 ± 5 standard deviations
    expect(Math.abs(ups - 2000)).toBeLessThan(160);
  });

  it("no server code wires a seeded generator into the feed: it is for tests and benchmarks only", () => {
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) visit(path);
        else if (
          path.endsWith(".ts") &&
          path !== join("server", "market", "random.ts") &&
          /seededRandom\s*\(/.test(readFileSync(path, "utf8"))
        ) {
          offenders.push(path);
        }
      }
    };
    visit("server");
    expect(offenders).toEqual([]);
    // the process builds its provider without a source, which means the CSPRNG
    expect(readFileSync(join("server", "main.ts"), "utf8")).toMatch(/new SimulatedProvider\(\)/);
  });
});
