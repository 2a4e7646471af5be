#!/usr/bin/env node
// An outside verifier of the committed price feed, written from docs/fairness.md alone: node: built-ins and
// fetch, nothing from this repository, so anyone can read all of it and run it against any server.
//
//   node scripts/verify.mjs --server <url> --order <id> --token <token>
//   node scripts/verify.mjs --server <url> --minute <unix seconds of the minute> [--pid <product id>]
//
// Prints every step with PASS or FAIL (and what was expected and found). Exit status: 0 when every check
// passes, 1 when one fails, 2 on a usage or network error or when there is nothing to check yet (the order
// still holding, its seed not yet revealed, its ticks pruned).
import { Buffer } from "node:buffer";
import { createHash, createHmac } from "node:crypto";
import { parseArgs } from "node:util";

const USAGE = `usage: npm run verify -- --server <url> --order <id> --token <token>
       npm run verify -- --server <url> --minute <unix seconds> [--pid <product id>]`;

const D = 449_280_000n;
const R = 3_739_468n;

/** Stops with status 2: the check could not be made (as opposed to a check that failed). */
class CannotCheck extends Error {}

const results = { passed: 0, failed: 0 };

function step(name, ok, expected, found) {
  if (ok) {
    results.passed += 1;
    console.log(`PASS  ${name}${found === undefined ? "" : `: ${found}`}`);
  } else {
    results.failed += 1;
    console.log(`FAIL  ${name}: expected ${expected}, found ${found}`);
  }
  return ok;
}

const u32 = (value) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u64 = (value) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const sha256 = (...parts) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/** params_m = u64 m ‖ u32 n ‖ n × (u32 id ‖ u8 len ‖ symbol ‖ u8 precision ‖ u64 base ‖ u32 volatility). */
function decodeParams(hex) {
  const bytes = Buffer.from(hex, "hex");
  const minute = Number(bytes.readBigUInt64BE(0));
  const count = bytes.readUInt32BE(8);
  const products = new Map();
  let at = 12;
  for (let i = 0; i < count; i++) {
    const id = bytes.readUInt32BE(at);
    const length = bytes[at + 4];
    const symbol = bytes.subarray(at + 5, at + 5 + length);
    at += 5 + length;
    products.set(id, {
      id,
      symbol,
      precision: bytes[at],
      base: bytes.readBigUInt64BE(at + 1),
      volatility: BigInt(bytes.readUInt32BE(at + 9)),
    });
    at += 13;
  }
  if (at !== bytes.length) throw new Error(`params: ${bytes.length - at} bytes after the last product`);
  return { minute, products };
}

function popcount(bytes) {
  let ones = 0;
  for (let byte of bytes) {
    while (byte) {
      ones += byte & 1;
      byte >>= 1;
    }
  }
  return ones;
}

/** round(n / d), halves away from zero, d > 0. */
const divideRounded = (n, d) => (n >= 0n ? (n + d / 2n) / d : -((-n + d / 2n) / d));

/** The tick at second t from the previous price P: docs/fairness.md "A tick". */
function deriveTick(seed, product, t, previousPrice) {
  const mac = createHmac("sha256", seed).update(product.symbol).update(u64(t)).digest();
  const k = BigInt(popcount(mac) - 128);
  const p = BigInt(previousPrice);
  const n = p * product.volatility * k * R + (product.base - p) * D;
  const next = p + divideRounded(n, D * R);
  return next < 1n ? 1n : next;
}

const chainLink = (previous, pid, t, price) => sha256(Buffer.from(previous, "hex"), u32(pid), u64(t), u64(price));

async function get(server, path, query, token) {
  const url = new URL(path, server);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  let response;
  try {
    response = await globalThis.fetch(url, { headers: token ? { token } : {} });
  } catch (error) {
    throw new CannotCheck(`${url}: ${error.cause?.message ?? error.message}`);
  }
  let body;
  try {
    body = await response.json();
  } catch {
    throw new CannotCheck(`${url}: HTTP ${response.status}, not a JSON answer`);
  }
  if (body.code !== 1) throw new CannotCheck(`${url}: ${body.err ?? `HTTP ${response.status}`} (${body.msg})`);
  return body.data;
}

/**
 * The live commitment covering second t: of the minute's commitments not marked lost, one published before t
 * (a minute has a second one only when its first was lost).
 */
const coveringCommitment = (commitments, t) =>
  commitments.filter((c) => c.minute === Math.floor(t / 60) && !c.lost && c.createdAt < t).sort((a, b) => b.createdAt - a.createdAt)[0];

/** Seed against commitment, and the params are the minute's: returns the decoded params, or null if not. */
function checkSeed(label, commitment, reveals) {
  const reveal = reveals.find((r) => r.commitment === commitment.commitment);
  if (!reveal)
    throw new CannotCheck(`${label}: the seed of minute ${commitment.minute} is not revealed yet (after ${commitment.start + 62})`);
  const found = sha256(Buffer.from(reveal.seed, "hex"), Buffer.from(commitment.params, "hex"));
  const seedOk = step(`${label}: SHA-256(seed ‖ params) = commitment`, found === commitment.commitment, commitment.commitment, found);
  const params = decodeParams(commitment.params);
  const minuteOk = step(
    `${label}: params name minute ${commitment.minute}`,
    params.minute === commitment.minute,
    commitment.minute,
    params.minute,
  );
  return { seed: Buffer.from(reveal.seed, "hex"), params, ok: seedOk && minuteOk };
}

/**
 * A run of recorded ticks of product pid: each covered second derived from the tick before, each link chained
 * on from the one before, the last equal to the minute's head.
 */
function checkTicks(label, pid, previous, ticks, head, cover) {
  if (!previous) throw new CannotCheck(`${label}: the tick before is pruned, nothing to derive from`);
  if (previous.link === null) throw new CannotCheck(`${label}: the tick before was recorded before the chain began`);
  let price = previous.price;
  let link = previous.link;
  for (const tick of ticks) {
    const covering = cover(tick.time);
    if (covering) {
      step(
        `${label}: tick ${tick.time} is marked committed`,
        !tick.uncommitted,
        "committed",
        tick.uncommitted ? "uncommitted" : "committed",
      );
      const product = covering.params.products.get(pid);
      if (product) {
        const derived = deriveTick(covering.seed, product, tick.time, price);
        step(`${label}: tick ${tick.time} derived from ${price}`, derived === BigInt(tick.price), String(derived), tick.price);
      } else {
        step(`${label}: product ${pid} named in the commitment of tick ${tick.time}`, !!tick.uncommitted, "uncommitted", "committed");
      }
    } else {
      step(`${label}: tick ${tick.time} (no commitment covers it) is marked uncommitted`, tick.uncommitted, "uncommitted", "committed");
    }
    const expected = chainLink(link, pid, tick.time, tick.price);
    step(`${label}: chain link at ${tick.time}`, expected === tick.link, expected, tick.link);
    link = tick.link ?? expected;
    price = tick.price;
  }
  if (!head) throw new CannotCheck(`${label}: the minute has no head yet`);
  step(`${label}: the minute's head`, link === head.head, link, head.head);
}

/** The published heads list agrees with the head the proof names. */
async function checkPublishedHead(server, label, pid, head) {
  const heads = await get(server, "/api/fair/heads", { pid, from: head.start, to: head.start + 59 });
  const listed = heads.find((h) => h.minute === head.minute);
  step(`${label}: /api/fair/heads lists the same head`, listed?.head === head.head, head.head, listed?.head ?? "none");
}

async function verifyOrder(server, id, token) {
  const proof = await get(server, "/api/fair/order", { id }, token);
  console.log(
    `order ${proof.id}: ${proof.symbol} (product ${proof.pid}), accepted at ${proof.openTime}, ${proof.status}${proof.voidReason ? ` (${proof.voidReason})` : ""}`,
  );
  if (proof.status === "holding" || !proof.exit) throw new CannotCheck("the order is still holding: its exit tick is not known yet");
  for (const [label, part] of [
    ["entry", proof.entry],
    ["exit", proof.exit],
  ]) {
    const tick = part.ticks[0];
    if (!tick) throw new CannotCheck(`${label}: no recorded tick (pruned)`);
    console.log(`${label}: tick at ${tick.time} (for second ${part.time}), price ${tick.price}`);
    const commitment = coveringCommitment(proof.commitments, tick.time);
    if (proof.status === "void") console.log(`note  ${label}: the order is void (${proof.voidReason}): stake and fee were refunded`);
    else if (!step(`${label}: a live commitment covers the tick`, !!commitment, `one published before ${tick.time}`, "none")) continue;
    if (!commitment) {
      checkTicks(label, proof.pid, part.previous, part.ticks, part.head, () => undefined);
      continue;
    }
    step(
      `${label}: commitment published before the order was accepted`,
      commitment.createdAt < proof.openTime,
      `before ${proof.openTime}`,
      commitment.createdAt,
    );
    const opened = checkSeed(label, commitment, proof.reveals);
    if (!opened.ok) continue;
    step(`${label}: product ${proof.pid} named in the commitment`, opened.params.products.has(proof.pid), "named", "absent");
    checkTicks(label, proof.pid, part.previous, part.ticks, part.head, (t) => (t > commitment.createdAt ? opened : undefined));
    await checkPublishedHead(server, label, proof.pid, part.head);
  }
}

async function verifyMinute(server, second, pid) {
  const start = Math.floor(second / 60) * 60;
  const minute = start / 60;
  console.log(`minute ${minute} (${new Date(start * 1000).toISOString()})`);
  const commitments = (await get(server, "/api/fair/commitments", { from: start, to: start })).filter((c) => c.minute === minute);
  const reveals = await get(server, "/api/fair/reveals", { from: start, to: start });
  const live = commitments.filter((c) => !c.lost);
  for (const lost of commitments.filter((c) => c.lost))
    console.log(`note  commitment ${lost.commitment} (published ${lost.createdAt}) is lost: its seconds are uncommitted`);
  const opened = live.map((c) => ({ commitment: c, ...checkSeed(`commitment ${c.commitment.slice(0, 12)}`, c, reveals) }));
  const cover = (t) =>
    opened.filter((o) => o.ok && o.commitment.createdAt < t).sort((a, b) => b.commitment.createdAt - a.commitment.createdAt)[0];
  const pids = pid !== undefined ? [pid] : [...new Set(opened.flatMap((o) => [...o.params.products.keys()]))].sort((a, b) => a - b);
  if (pids.length === 0) throw new CannotCheck(`minute ${minute}: no live commitment and no --pid: nothing to check`);
  for (const id of pids) {
    const part = await get(server, "/api/fair/ticks", { pid: id, start });
    const label = `product ${id}`;
    if (part.ticks.length === 0) {
      if (part.head) throw new CannotCheck(`${label}: the minute's ticks are pruned (its head stays)`);
      console.log(`note  ${label}: no tick recorded in the minute (market closed)`);
      continue;
    }
    checkTicks(label, id, part.previous, part.ticks, part.head, cover);
    await checkPublishedHead(server, label, id, part.head);
  }
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        server: { type: "string" },
        order: { type: "string" },
        token: { type: "string" },
        minute: { type: "string" },
        pid: { type: "string" },
      },
    }));
  } catch (error) {
    throw new CannotCheck(`${error.message}\n${USAGE}`);
  }
  const integer = (name) => {
    if (values[name] === undefined) return undefined;
    if (!/^\d+$/.test(values[name])) throw new CannotCheck(`--${name} must be a whole number\n${USAGE}`);
    return Number(values[name]);
  };
  if (!values.server || (values.order === undefined) === (values.minute === undefined)) throw new CannotCheck(USAGE);
  if (values.order !== undefined && !values.token)
    throw new CannotCheck(`--order needs --token (an order's proof is its owner's)\n${USAGE}`);
  if (values.order !== undefined) await verifyOrder(values.server, integer("order"), values.token);
  else await verifyMinute(values.server, integer("minute"), integer("pid"));
}

try {
  await main();
  if (results.failed > 0) {
    console.log(`${results.failed} of ${results.passed + results.failed} checks failed`);
    process.exitCode = 1;
  } else {
    console.log(`all ${results.passed} checks passed`);
    process.exitCode = 0;
  }
} catch (error) {
  if (results.failed > 0) {
    console.log(`${results.failed} of ${results.passed + results.failed} checks failed before: ${error.message}`);
    process.exitCode = 1;
  } else {
    console.error(error instanceof CannotCheck ? error.message : `error: ${error.stack ?? error}`);
    process.exitCode = 2;
  }
}
