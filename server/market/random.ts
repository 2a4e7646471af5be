import { randomBytes } from "node:crypto";

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

const CRYPTO_BUFFER_BYTES = 8192;

/**
 * Uniform numbers from the operating system's CSPRNG (node:crypto), 53 bits each. The live feed draws every
 * tick from this: a seeded generator has a small state that anyone can recover from public quotes (a 32-bit
 * state falls to brute force in about a minute on two cores), after which every future tick is known and
 * every order wins. Bytes are fetched in blocks so a tick costs no system call.
 */
export function cryptoRandom(): Random {
  let buffer = randomBytes(CRYPTO_BUFFER_BYTES);
  let offset = 0;
  return () => {
    if (offset + 8 > buffer.length) {
      buffer = randomBytes(CRYPTO_BUFFER_BYTES);
      offset = 0;
    }
    // 21 high bits and 32 low bits make one 53-bit integer: every double in [0, 1) on a 2^-53 grid
    const high = buffer.readUInt32LE(offset) >>> 11;
    const low = buffer.readUInt32LE(offset + 4);
    offset += 8;
    return (high * 4294967296 + low) / 9007199254740992;
  };
}

/**
 * A small, fast, reproducible generator (SplitMix32 variant) for tests and benchmarks that need the same
 * numbers again. Never for prices a customer can trade on: its 32-bit state is recoverable from its output.
 */
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
