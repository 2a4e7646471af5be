import { randomBytes } from "node:crypto";

/** A small, fast seeded generator (SplitMix32 variant); the feed's randomness never depends on orders. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

export const randomSeed = () => randomBytes(4).readUInt32LE(0);

/** Standard normal by Box–Muller. */
export function normal(random: Random): number {
  let u = random();
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
