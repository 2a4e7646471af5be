import { ascii, bytesToHex, concat, hexToBytes, u32, u64 } from "./bytes";

/**
 * The feed's arithmetic as docs/fairness.md specifies it, written from that page alone and computed with the
 * browser's WebCrypto (SHA-256, HMAC-SHA256): nothing here trusts the server's code, only its published bytes.
 */

/** A product's entry in a minute's canonical parameters. */
export interface CommittedProduct {
  id: number;
  symbol: string;
  precision: number;
  basePrice: bigint;
  volatilityBps: number;
}

export interface CanonicalParams {
  minute: number;
  products: CommittedProduct[];
}

/** The chain's value before a product's first tick: 32 zero bytes. */
export const GENESIS = "0".repeat(64);
/** D = 10 000 × 8 × 5 616 */
const D = 449_280_000n;
/** R, the reversion's time constant in seconds */
const R = 3_739_468n;

/** Reads `u64 m ‖ u32 n ‖ n × (u32 id ‖ u8 len ‖ symbol ‖ u8 precision ‖ u64 base ‖ u32 volatility)`; throws on malformed bytes. */
export function parseParams(hex: string): CanonicalParams {
  const bytes = hexToBytes(hex);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const need = (count: number) => {
    if (at + count > bytes.length) throw new Error("params end early");
  };
  need(12);
  const minute = Number(view.getBigUint64(0));
  const count = view.getUint32(8);
  at = 12;
  const products: CommittedProduct[] = [];
  for (let i = 0; i < count; i++) {
    need(5);
    const id = view.getUint32(at);
    const length = view.getUint8(at + 4);
    at += 5;
    need(length + 13);
    const symbol = String.fromCharCode(...bytes.subarray(at, at + length));
    at += length;
    products.push({
      id,
      symbol,
      precision: view.getUint8(at),
      basePrice: view.getBigUint64(at + 1),
      volatilityBps: view.getUint32(at + 9),
    });
    at += 13;
  }
  if (at !== bytes.length) throw new Error("params run on past their products");
  return { minute, products };
}

/** The canonical bytes of a minute's parameters, products in ascending id. */
export function encodeParams(params: CanonicalParams): string {
  const sorted = [...params.products].sort((a, b) => a.id - b.id);
  const parts: Uint8Array[] = [u64(params.minute), u32(sorted.length)];
  for (const product of sorted) {
    const symbol = ascii(product.symbol);
    parts.push(
      u32(product.id),
      Uint8Array.of(symbol.length),
      symbol,
      Uint8Array.of(product.precision),
      u64(product.basePrice),
      u32(product.volatilityBps),
    );
  }
  return bytesToHex(concat(...parts));
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

/** commit_m = SHA-256(seed ‖ params), lower-case hex. */
export function commitmentOf(seedHex: string, paramsHex: string): Promise<string> {
  return sha256(concat(hexToBytes(seedHex), hexToBytes(paramsHex)));
}

/** h_t = SHA-256(h_prev ‖ u32 id ‖ u64 t ‖ u64 price), lower-case hex. */
export function chainLink(previousHex: string, productId: number, time: number, price: number | bigint): Promise<string> {
  return sha256(concat(hexToBytes(previousHex), u32(productId), u64(time), u64(price)));
}

// one imported key per seed: a minute's ticks share it
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(seedHex: string): Promise<CryptoKey> {
  let key = keys.get(seedHex);
  if (!key) {
    key = crypto.subtle.importKey("raw", hexToBytes(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    if (keys.size > 64) keys.clear();
    keys.set(seedHex, key);
  }
  return key;
}

function popcount(bytes: Uint8Array): number {
  let ones = 0;
  for (let byte of bytes) {
    while (byte) {
      ones += byte & 1;
      byte >>= 1;
    }
  }
  return ones;
}

/** n ÷ d to the nearest integer, halves away from zero (d > 0). */
function roundedDivision(n: bigint, d: bigint): bigint {
  const half = d / 2n;
  return n >= 0n ? (n + half) / d : -((-n + half) / d);
}

/**
 * The tick at second `time` from the minute's seed and the previous recorded price P:
 * k = popcount(HMAC-SHA256(seed, symbol ‖ u64 t)) − 128; next = P + round((P·V·k·R + (B − P)·D) / (D·R)); at least 1.
 */
export async function deriveTick(seedHex: string, product: CommittedProduct, time: number, previous: bigint): Promise<bigint> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(seedHex), concat(ascii(product.symbol), u64(time))));
  const k = BigInt(popcount(mac) - 128);
  const n = previous * BigInt(product.volatilityBps) * k * R + (product.basePrice - previous) * D;
  const next = previous + roundedDivision(n, D * R);
  return next < 1n ? 1n : next;
}
