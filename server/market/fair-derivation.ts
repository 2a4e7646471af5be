import { createHash, type Hash } from "node:crypto";

/**
 * The verifiable feed's arithmetic, exactly as docs/fairness.md states it: the canonical bytes of a minute's
 * product parameters, the commitment to a minute's seed, a simulated tick derived from the seed, and a link
 * of a product's hash chain. Integers only (exact doubles, BigInt where a value can pass 2^53), so a verifier in any
 * language with big integers and SHA-256 gets the same bytes: no floating point enters a price.
 */

/** What a minute's commitment fixes about a simulated product: the walk's parameters. */
export interface FairParams {
  id: number;
  /** the product's code (ASCII), also the HMAC message's prefix */
  symbol: string;
  precision: number;
  basePrice: number;
  volatilityBps: number;
}

/** The chain's value before a product's first recorded tick: 32 zero bytes. */
export const CHAIN_GENESIS = "0".repeat(64);

/** 10 000 (basis points) × 8 (the step count's standard deviation) × 5 616 (√ of a 365-day year in seconds, rounded). */
export const STEP_DIVISOR = 449_280_000n;
/** Seconds of mean reversion's time constant: a half-life of 30 days (2 592 000 s / ln 2, rounded). */
export const REVERSION_SECONDS = 3_739_468n;

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u64 = (value: number | bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};

/**
 * The canonical bytes of minute `minute`'s parameters (minute = unix seconds of its first second ÷ 60):
 * u64 minute ‖ u32 product count ‖ per product in ascending id: u32 id ‖ u8 symbol length ‖ symbol ASCII ‖
 * u8 precision ‖ u64 base price ‖ u32 volatility in basis points. Big-endian throughout.
 */
export function canonicalParams(minute: number, products: readonly FairParams[]): Buffer {
  const sorted = [...products].sort((a, b) => a.id - b.id);
  const parts: Buffer[] = [u64(minute), u32(sorted.length)];
  for (const product of sorted) {
    const symbol = Buffer.from(product.symbol, "ascii");
    parts.push(
      u32(product.id),
      Buffer.from([symbol.length]),
      symbol,
      Buffer.from([product.precision]),
      u64(product.basePrice),
      u32(product.volatilityBps),
    );
  }
  return Buffer.concat(parts);
}

/** commit_m = SHA-256(seed ‖ canonical parameters), lower-case hex. */
export function commitment(seed: Buffer, params: Buffer): string {
  return createHash("sha256").update(seed).update(params).digest("hex");
}

/** The number of 1 bits of each byte value. */
const ONES = Uint8Array.from({ length: 256 }, (_, byte) => {
  let ones = 0;
  for (let b = byte; b; b >>= 1) ones += b & 1;
  return ones;
});

/** popcount of the 32 bytes, minus 128: a step count from −128 to 128, binomial, standard deviation 8. */
function stepCount(mac: Buffer): number {
  let ones = 0;
  for (let i = 0; i < mac.length; i++) ones += ONES[mac[i]!]!;
  return ones - 128;
}

/**
 * HMAC-SHA256 with a minute's seed (RFC 2104), the key's inner and outer pads hashed once per seed rather than
 * once per tick: each tick copies the two hash states and adds its message. Kept per seed object, so a seed the
 * leader forgets (revealed, or gone with the minute) takes its pads with it.
 */
const keyedPads = new WeakMap<Buffer, { inner: Hash; outer: Hash }>();

function padsOf(seed: Buffer): { inner: Hash; outer: Hash } {
  let pads = keyedPads.get(seed);
  if (!pads) {
    // a key longer than SHA-256's 64-byte block is hashed first; a 32-byte seed never is, but any key works
    const key = seed.length > 64 ? createHash("sha256").update(seed).digest() : seed;
    const inner = Buffer.alloc(64, 0x36);
    const outer = Buffer.alloc(64, 0x5c);
    for (let i = 0; i < key.length; i++) {
      inner[i]! ^= key[i]!;
      outer[i]! ^= key[i]!;
    }
    pads = { inner: createHash("sha256").update(inner), outer: createHash("sha256").update(outer) };
    keyedPads.set(seed, pads);
  }
  return pads;
}

/** Each symbol's ASCII bytes, made once rather than per tick. */
const symbolBytes = new Map<string, Buffer>();
const asciiOf = (symbol: string) => {
  let bytes = symbolBytes.get(symbol);
  if (!bytes) symbolBytes.set(symbol, (bytes = Buffer.from(symbol, "ascii")));
  return bytes;
};

/** HMAC-SHA256(seed, message), the same bytes as node:crypto's createHmac. */
export function hmacSha256(seed: Buffer, ...message: Buffer[]): Buffer {
  const { inner, outer } = padsOf(seed);
  const innerHash = inner.copy();
  for (const part of message) innerHash.update(part);
  return outer.copy().update(innerHash.digest()).digest();
}

/** n ÷ d rounded to the nearest integer, halves away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  const half = d / 2n;
  return n >= 0n ? (n + half) / d : -((-n + half) / d);
}

/**
 * The step's formula as docs/fairness.md writes it, in BigInt: the reference the fast path below is tested
 * against, and the path a price too large for it takes.
 */
export function nextPriceExact(previous: number, k: number, product: Pick<FairParams, "basePrice" | "volatilityBps">): number {
  const p = BigInt(previous);
  const numerator = p * BigInt(product.volatilityBps) * BigInt(k) * REVERSION_SECONDS + (BigInt(product.basePrice) - p) * STEP_DIVISOR;
  const next = p + divideRounded(numerator, STEP_DIVISOR * REVERSION_SECONDS);
  return Number(next < 1n ? 1n : next);
}

const D = Number(STEP_DIVISOR);
const R = Number(REVERSION_SECONDS);
/** D·R (1.68 × 10^15, even) and its half: below 2^53, as every sum of remainders below is */
const DR = D * R;
const HALF_DR = DR / 2;

/**
 * The same step in Number arithmetic, bit for bit, whenever P·V·k and B − P are exact doubles (|x| ≤ 2^53,
 * every simulated product's price by far). BigInt cost most of a derived tick's time. The numerator
 * a·R + b·D (a = P·V·k, b = B − P) passes 2^53, so it is never formed: with a = qa·D + ra and b = qb·R + rb
 * (0 ≤ ra < D, 0 ≤ rb < R) it is (qa + qb)·D·R + r, where r = ra·R + rb·D lies in [0, 2·D·R) and is exact.
 */
export function nextPrice(previous: number, k: number, product: Pick<FairParams, "basePrice" | "volatilityBps">): number {
  const a = previous * product.volatilityBps * k;
  const b = product.basePrice - previous;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || !Number.isSafeInteger(previous)) return nextPriceExact(previous, k, product);
  let qa = Math.floor(a / D);
  let ra = a - qa * D;
  // the division's float rounding can land one off: the remainder says which way
  if (ra < 0) {
    qa -= 1;
    ra += D;
  } else if (ra >= D) {
    qa += 1;
    ra -= D;
  }
  let qb = Math.floor(b / R);
  let rb = b - qb * R;
  if (rb < 0) {
    qb -= 1;
    rb += R;
  } else if (rb >= R) {
    qb += 1;
    rb -= R;
  }
  const q = qa + qb;
  const r = ra * R + rb * D;
  // round(n ÷ DR), halves away from zero, for n = q·DR + r: n ≥ 0 exactly when q ≥ 0, or q = −1 and r ≥ DR.
  // Then it is q + ⌊(r + DR/2) ÷ DR⌋, else q + ⌈(r − DR/2) ÷ DR⌉; both by comparison, no division to round
  const negative = q < -1 || (q === -1 && r < DR);
  const step = negative
    ? q + (r - HALF_DR <= 0 ? 0 : r - HALF_DR <= DR ? 1 : 2)
    : q + (r + HALF_DR >= 2 * DR ? 2 : r + HALF_DR >= DR ? 1 : 0);
  const next = previous + step;
  if (!Number.isSafeInteger(next)) return nextPriceExact(previous, k, product);
  return next < 1 ? 1 : next;
}

/**
 * The price at second `time` of a simulated product, from its minute's seed and the product's previous
 * recorded price P (same precision): k = popcount(HMAC-SHA256(seed, symbol ‖ u64 time)) − 128, then
 * next = P + round((P·V·k·R + (B − P)·D) / (D·R)), at least 1, where V is the volatility in basis points,
 * B the base price, D = STEP_DIVISOR and R = REVERSION_SECONDS.
 */
export function deriveTick(seed: Buffer, product: FairParams, time: number, previous: number): number {
  writeU64(timeBytes, time, 0);
  const mac = hmacSha256(seed, asciiOf(product.symbol), timeBytes);
  return nextPrice(previous, stepCount(mac), product);
}

/**
 * Scratch bytes for one tick's message and one link's input, filled and hashed synchronously (nothing else can
 * run in between): the recorder derives and chains every product every second, and a buffer per field per tick
 * was most of its allocation.
 */
const timeBytes = Buffer.alloc(8);
const linkInput = Buffer.alloc(32 + 4 + 8 + 8);

/** A non-negative safe integer as 8 big-endian bytes, as two 32-bit halves (a BigInt per field cost more than the hash). */
function writeU64(bytes: Buffer, value: number, offset: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a u64 a double holds exactly: ${value}`);
  bytes.writeUInt32BE(Math.floor(value / 2 ** 32), offset);
  bytes.writeUInt32BE(value % 2 ** 32, offset + 4);
}

/** h_t = SHA-256(h_prev ‖ u32 product id ‖ u64 time ‖ u64 price), lower-case hex. */
export function chainLink(previous: string, productId: number, time: number, price: number): string {
  if (linkInput.write(previous, 0, 32, "hex") !== 32) throw new Error(`a chain value is 32 bytes of hex, not "${previous}"`);
  linkInput.writeUInt32BE(productId, 32);
  writeU64(linkInput, time, 36);
  writeU64(linkInput, price, 44);
  return createHash("sha256").update(linkInput).digest("hex");
}
