import { createHmac, randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  canonicalParams,
  CHAIN_GENESIS,
  chainLink,
  commitment,
  deriveTick,
  hmacSha256,
  nextPrice,
  nextPriceExact,
  REVERSION_SECONDS,
} from "#server/market/fair-derivation";

// the vectors docs/fairness.md quotes: an outside verifier checks its code against the same numbers
const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const minute = 30_000_000;
const btc = { id: 1, symbol: "BTCUSDT", precision: 2, basePrice: 6_500_000, volatilityBps: 6000 };
const eur = { id: 2, symbol: "EURUSD", precision: 5, basePrice: 108_000, volatilityBps: 800 };
const vectors: Array<[number, number, string]> = [
  [1_800_000_000, 6_511_823, "21acc4dfff6dd83aef39bb2d657d20ffb5204c7bba44164d29cf5d06e1db8b50"],
  [1_800_000_001, 6_511_997, "002371cb8246de36572d66db6849697d214e8ceb2177fa510c5bd8a6e5421d09"],
  [1_800_000_002, 6_511_475, "01e2d97b1dfaf81ce2a1445051ef25980213afdd642c88187e780b79debb8664"],
  [1_800_000_003, 6_511_475, "94c0d19b5940d803422955e89a2db9bfaf0645da23d3ae414fe8baf3045b31ee"],
  [1_800_000_004, 6_510_779, "ce11a4b7ed15abc6cd9b099c6dc3eaac36d87751ab4cc1c2f87cb5f7b89fa3e1"],
];

describe("the derivation docs/fairness.md specifies", () => {
  it("encodes a minute's parameters canonically (ascending id, whatever the order given) and commits to them with the seed", () => {
    const params = canonicalParams(minute, [eur, btc]);
    expect(params.toString("hex")).toBe(
      "0000000001c9c38000000002000000010742544355534454020000000000632ea000001770000000020645555255534405000000000001a5e000000320",
    );
    expect(commitment(seed, params)).toBe("5c54d8d309166347ead5305df1e2e072520ecd2dc71bddedf770a2488b595c09");
  });

  it("derives each tick from the seed and the previous price, and chains it", () => {
    let price = 6_512_345;
    let link = CHAIN_GENESIS;
    for (const [time, tick, expectedLink] of vectors) {
      price = deriveTick(seed, btc, time, price);
      link = chainLink(link, btc.id, time, price);
      expect([time, price, link]).toEqual([time, tick, expectedLink]);
    }
  });

  it("a changed seed, parameter or tick gives another commitment, tick or chain value", () => {
    const params = canonicalParams(minute, [btc, eur]);
    const otherSeed = Buffer.from(seed);
    otherSeed.writeUInt8(otherSeed.readUInt8(31) ^ 1, 31);
    expect(commitment(otherSeed, params)).not.toBe(commitment(seed, params));
    expect(commitment(seed, canonicalParams(minute, [{ ...btc, volatilityBps: 6001 }, eur]))).not.toBe(commitment(seed, params));
    const derived = Array.from({ length: 20 }, (_, i) => deriveTick(seed, btc, 1_800_000_000 + i, 6_512_345));
    const fromOther = Array.from({ length: 20 }, (_, i) => deriveTick(otherSeed, btc, 1_800_000_000 + i, 6_512_345));
    expect(fromOther).not.toEqual(derived);
    expect(chainLink(CHAIN_GENESIS, 1, 1_800_000_000, 6_511_824)).not.toBe(vectors[0]![2]);
  });

  it("never derives a price below one unit", () => {
    expect(deriveTick(seed, { ...btc, basePrice: 1, volatilityBps: 1_000_000 }, 1_800_000_000, 1)).toBeGreaterThanOrEqual(1);
  });

  it("the HMAC from precomputed pads is node:crypto's HMAC-SHA256, for any key and message, tick after tick", () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 100]) {
      const key = randomBytes(keyLength);
      for (let i = 0; i < 3; i++) {
        const message = [Buffer.from("BTCUSDT", "ascii"), randomBytes(8 * i)];
        expect(hmacSha256(key, ...message).toString("hex")).toBe(createHmac("sha256", key).update(Buffer.concat(message)).digest("hex"));
      }
    }
  });

  it("the step in Number arithmetic is the BigInt formula's, bit for bit: any size, exact halves, the floor of one", () => {
    const random = (below: number) => Math.floor(Math.random() * below);
    const cases: Array<[number, number, { basePrice: number; volatilityBps: number }]> = [];
    for (let i = 0; i < 20_000; i++) {
      // prices of every magnitude up to past 2^53 (the BigInt path), every step count, volatilities up to 100 %
      const previous = Math.max(1, Math.floor(2 ** (Math.random() * 54)));
      const basePrice = Math.max(1, Math.floor(previous * (0.5 + Math.random())));
      cases.push([previous, random(257) - 128, { basePrice, volatilityBps: random(10_001) }]);
    }
    // a step of exactly an odd number of halves (k = 0: the step is (B − P) ÷ R), up and down: rounding's edge
    const halfR = Number(REVERSION_SECONDS) / 2;
    for (const odd of [1, 3, 5, 101])
      for (const previous of [10_000_000, 123_456_789])
        cases.push(
          [previous, 0, { basePrice: previous + halfR * odd, volatilityBps: 500 }],
          [previous, 0, { basePrice: previous - halfR * odd, volatilityBps: 500 }],
        );
    cases.push(
      [1, -128, { basePrice: 1, volatilityBps: 1_000_000 }],
      [2 ** 53 - 1, 128, { basePrice: 2 ** 53 - 1, volatilityBps: 10_000 }],
    );
    for (const [previous, k, product] of cases)
      expect(nextPrice(previous, k, product), `${previous} ${k} ${JSON.stringify(product)}`).toBe(nextPriceExact(previous, k, product));
  });
});
