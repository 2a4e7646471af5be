import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

import type { EndpointSpec } from "#contract/endpoints";
import { DEFAULT_LANGUAGE, type LanguageCode } from "#contract/languages";
import type { AnswerOf } from "#contract/paths";

import type { PriceFeed } from "../market/feed";
import type { FeedLabel } from "../market/feed-view";
import { compressOptions } from "./compression";
import { languageOf } from "./envelope";
import { parseInput } from "./parse-input";

/**
 * Anonymous quote answers may be kept by the browser and any shared cache for a second, and served a little
 * stale while the cache fetches the next one: a price shown is never what an order opens at (the server
 * prices orders itself), and a burst of readers then costs one request a second per cache.
 */
export const QUOTE_CACHE_CONTROL = "public, max-age=1, stale-while-revalidate=2";

/** answers kept per feed version: each distinct query (product list, market) is one */
const MAX_KEYS = 512;
/**
 * raw URLs remembered per feed version, apart from the answers: anyone can send endless spellings of a query
 * (junk parameters), and they must not take the room of real answers; a spelling past the cap is parsed again
 */
export const MAX_ALIASES = 256;

interface Encoded {
  etag: string;
  /** where the answer's prices come from, sent as `x-price-feed` */
  feed: FeedLabel;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

type Encoding = "br" | "gzip";

/**
 * Quote answers as bytes, built once per feed version and query and then reused until a tick (or a product
 * change, or the minute turning, which can open or close a market) makes a new version. Nothing here reads the
 * database: the feed holds the prices in memory, updated by the recorder (or, on a follower, by what it hears
 * and reads back once a second).
 */
export class QuoteAnswers {
  private version = -1;
  private minute = -1;
  private readonly answers = new Map<string, Encoded>();
  private readonly aliases = new Map<string, Encoded>();

  constructor(
    private readonly feed: PriceFeed,
    private readonly now: () => number,
  ) {}

  /** The answer already given for the raw URL `url` in the current version, if any. */
  known(url: string): Encoded | undefined {
    this.turn(this.now());
    return this.aliases.get(url);
  }

  /** Remembers that the raw URL `url` is answered by `encoded`, while there is room. */
  alias(url: string, encoded: Encoded): void {
    if (this.aliases.size < MAX_ALIASES) this.aliases.set(url, encoded);
  }

  /** how many answers and URL aliases this version holds */
  get size(): { answers: number; aliases: number } {
    return { answers: this.answers.size, aliases: this.aliases.size };
  }

  answer(key: string, feed: FeedLabel, build: (now: number) => unknown): Encoded {
    const now = this.now();
    this.turn(now);
    const known = this.answers.get(key);
    if (known) return known;
    const body = Buffer.from(JSON.stringify(build(now)));
    // from the bytes, not the version: two processes (or one restarted) showing the same prices agree on it
    const encoded: Encoded = { etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`, feed, body };
    if (this.answers.size < MAX_KEYS) this.answers.set(key, encoded);
    return encoded;
  }

  /** A tick (a new feed version) or the minute turning (a market may open or close) drops every answer. */
  private turn(now: number): void {
    const minute = Math.floor(now / 60);
    if (this.feed.version !== this.version || minute !== this.minute) {
      this.version = this.feed.version;
      this.minute = minute;
      this.answers.clear();
      this.aliases.clear();
    }
  }
}

// the same threshold and brotli quality as the app's on-the-fly compression, so every answer is alike
function bodyFor(encoded: Encoded, encoding: Encoding | null): Buffer {
  if (encoding === "br") {
    encoded.br ??= brotliCompressSync(encoded.body, compressOptions.brotliOptions);
    return encoded.br;
  }
  if (encoding === "gzip") {
    encoded.gzip ??= gzipSync(encoded.body);
    return encoded.gzip;
  }
  return encoded.body;
}

/** brotli before gzip, as the app's compression prefers; `*` stands for gzip; q=0 refuses a coding. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? (name === "gzip" ? (accepted.get("x-gzip") ?? accepted.get("*")) : undefined) ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** If-None-Match compares weakly: a list of tags, or `*`. */
function notModified(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return value.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

function send(request: FastifyRequest, reply: FastifyReply, encoded: Encoded, localized: boolean) {
  reply
    .header("x-price-feed", encoded.feed)
    .header("cache-control", QUOTE_CACHE_CONTROL)
    .header("etag", encoded.etag)
    // a shared cache keeps one copy per language of an answer that names products
    .header("vary", localized ? "accept-encoding, lang, language" : "accept-encoding");
  if (notModified(request.headers["if-none-match"], encoded.etag)) return reply.status(304).send();
  const encoding = encoded.body.length >= compressOptions.threshold ? chooseEncoding(request.headers["accept-encoding"]) : null;
  // a content-encoding already set tells the app's compression the body is ready as it is
  if (encoding) reply.header("content-encoding", encoding);
  return reply.status(200).type("application/json; charset=utf-8").send(bodyFor(encoded, encoding));
}

/**
 * A GET quote endpoint answered from `answers`: `key` names the query's answer (parsed input, so equivalent
 * queries share it), `data` builds it from the feed. Same envelope as every other answer, plus ETag, 304 and
 * cache headers. A `localized` answer names products in the request's language: it is built once per feed
 * version, query and language (an unknown language is English, so it adds no answers). A URL asked before in
 * this version (and language) is answered from its bytes without parsing it again: the crowd polls the same
 * few URLs every second, and the schema check would be most of the work.
 */
export function quoteRoute<S extends EndpointSpec>(
  app: FastifyInstance,
  spec: S,
  answers: QuoteAnswers,
  feed: PriceFeed,
  key: (input: z.infer<S["request"]>) => string,
  data: (input: z.infer<S["request"]>, now: number, language: LanguageCode) => AnswerOf<S>,
  /** the products the answer is about, for its `feed` label (all of them when not given) */
  about?: (input: z.infer<S["request"]>) => number[],
  localized = false,
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    config: { auth: spec.auth },
    handler: async (request, reply) => {
      const language = localized ? languageOf(request) : DEFAULT_LANGUAGE;
      const asked = `url:${language}:${request.url}`;
      const seen = answers.known(asked);
      if (seen) return send(request, reply, seen, localized);
      const input = parseInput(spec.request, request.query) as z.infer<S["request"]>;
      const source = feed.feedLabel(about?.(input));
      const encoded = answers.answer(`${language}:${spec.path}?${key(input)}`, source, (now) => ({
        code: 1,
        msg: "ok",
        data: data(input, now, language),
        feed: source,
      }));
      answers.alias(asked, encoded);
      return send(request, reply, encoded, localized);
    },
  });
}
