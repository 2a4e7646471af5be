import { brotliDecompressSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";
import { MAX_ALIASES, QuoteAnswers } from "#server/http/quote-answers";
import type { PriceFeed } from "#server/market/feed";

import { type Harness, loginDemo, startHarness } from "./harness";
import { countStatements } from "./statements";

// Quote answers come from the feed's memory as bytes built once per feed version: a tick makes a new ETag,
// an unchanged snapshot answers 304, and no quote request reaches the database.
let h: Harness;
let pids: string;
beforeAll(async () => {
  h = await startHarness();
  const products = (await h.app.inject({ method: "GET", url: `${apiPaths.products.path}?market=crypto` })).json().data as Array<{
    id: number;
  }>;
  pids = products.map((product) => product.id).join(",");
});
afterAll(() => h?.close());

const quotes = (headers: Record<string, string> = {}) =>
  h.app.inject({ method: "GET", url: `${apiPaths.latestQuotes.path}?pids=${pids}`, headers });

/** Every statement the server sends to its PGlite while `work` runs. */
const statementsDuring = (work: () => Promise<unknown>) => countStatements(h, work, ["query", "exec", "transaction"]);

describe("quote answers", () => {
  it("carry a weak ETag and a short public cache life; the same snapshot answers 304", async () => {
    const first = await quotes();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=1, stale-while-revalidate=2");
    expect(first.headers["x-price-feed"]).toBe("simulated");
    expect(first.json()).toMatchObject({ code: 1, msg: "ok", feed: "simulated" });
    const again = await quotes({ "if-none-match": first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    // a list of tags, or the strong form of the same tag, matches too
    expect((await quotes({ "if-none-match": `"x", ${(first.headers.etag as string).slice(2)}` })).statusCode).toBe(304);
  });

  it("a tick makes a new ETag, and the old one then gets the full answer", async () => {
    const before = await quotes();
    await h.advance(1);
    const after = await quotes({ "if-none-match": before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const times = (answer: typeof after) => (answer.json().data as Array<{ time: number }>).map((quote) => quote.time);
    expect(Math.max(...times(after))).toBe(Math.max(...times(before)) + 1);
    expect((await quotes({ "if-none-match": after.headers.etag as string })).statusCode).toBe(304);
  });

  it("the product list and a product's detail work the same way, and each query has its own tag", async () => {
    const urls = [
      apiPaths.products.path,
      `${apiPaths.products.path}?market=crypto`,
      `${apiPaths.productDetail.path}?pid=${pids.split(",")[0]}`,
    ];
    const [list, crypto, detail] = await Promise.all(urls.map((url) => h.app.inject({ method: "GET", url })));
    for (const [i, answer] of [list!, crypto!, detail!].entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toMatch(/^public/);
      const headers = { "if-none-match": answer.headers.etag as string };
      expect((await h.app.inject({ method: "GET", url: urls[i]!, headers })).statusCode).toBe(304);
    }
    expect(new Set([list, crypto, detail].map((answer) => answer!.headers.etag)).size).toBe(3);
    expect(detail!.json().data).toMatchObject({ id: Number(pids.split(",")[0]) });
    // refusals are not cached answers
    const unknown = await h.app.inject({ method: "GET", url: `${apiPaths.productDetail.path}?pid=999999` });
    expect(unknown.json()).toMatchObject({ code: 0, err: "product_not_found" });
    expect(unknown.headers.etag).toBeUndefined();
  });

  it("a URL asked again is answered from its bytes; other spellings of the query share the answer; refusals stay refusals", async () => {
    const first = await quotes();
    const again = await quotes();
    expect(again.body).toBe(first.body);
    expect(again.headers["x-price-feed"]).toBe("simulated");
    // the same products with one named twice parse to the same query: the same answer
    const spelled = await h.app.inject({ method: "GET", url: `${apiPaths.latestQuotes.path}?pids=${pids},${pids.split(",")[0]}` });
    expect(spelled.headers.etag).toBe(first.headers.etag);
    // a malformed query is parsed, and refused, every time it is asked
    for (let i = 0; i < 2; i++) {
      const bad = await h.app.inject({ method: "GET", url: `${apiPaths.latestQuotes.path}?pids=x` });
      expect(bad.json()).toMatchObject({ code: 0 });
      expect(bad.headers.etag).toBeUndefined();
    }
  });

  it("big answers go out compressed from the stored bytes, the same answer inside", async () => {
    const plain = await h.app.inject({ method: "GET", url: apiPaths.products.path });
    const compressed = await h.app.inject({ method: "GET", url: apiPaths.products.path, headers: { "accept-encoding": "gzip, br" } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toMatch(/accept-encoding/);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.headers.etag).toBe(plain.headers.etag);
  });

  it("no quote request reads the database, however many", async () => {
    await quotes();
    const statements = await statementsDuring(async () => {
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 20; i++) {
          await quotes();
          await h.app.inject({ method: "GET", url: apiPaths.products.path });
          await h.app.inject({ method: "GET", url: `${apiPaths.productDetail.path}?pid=${pids.split(",")[0]}` });
        }
        // a tick heard from the recorder (as on a follower) makes a new snapshot, built from memory alone
        const pid = Number(pids.split(",")[0]);
        const quote = h.feed.quote(pid)!;
        h.feed.receive([{ productId: pid, time: quote.time + 1, price: quote.price + 1 }]);
      }
    });
    expect(statements).toBe(0);
    // the spy does see what reads the database
    expect(
      await statementsDuring(() => h.app.inject({ method: "GET", url: `${apiPaths.seconds.path}?pid=${pids.split(",")[0]}` })),
    ).toBeGreaterThan(0);
  });

  it("the order ticket, which carries the reader's balance, is private", async () => {
    const token = await loginDemo(h);
    const ticket = await h.app.inject({ method: "GET", url: `${apiPaths.goods.path}?pid=${pids.split(",")[0]}`, headers: { token } });
    expect(ticket.json().data.balance).not.toBeNull();
    expect(ticket.headers["cache-control"]).toBe("private, no-store");
    expect(ticket.headers.etag).toBeUndefined();
  });
});

describe("quote answers' memory", () => {
  it("junk spellings of a query fill only the URL aliases, never the room of real answers", () => {
    const feed = { version: 1 } as unknown as PriceFeed;
    const answers = new QuoteAnswers(feed, () => 1_000);
    const real = answers.answer("en:/quotes?all", "simulated", () => ({ prices: [1] }));
    for (let i = 0; i < MAX_ALIASES * 3; i++) answers.alias(`url:en:/quotes?junk=${i}`, real);
    expect(answers.size.aliases).toBe(MAX_ALIASES);
    // a new query still gets its answer kept, and the first spelling is still answered from its bytes
    answers.answer("en:/quotes?crypto", "simulated", () => ({ prices: [2] }));
    expect(answers.size.answers).toBe(2);
    expect(answers.known("url:en:/quotes?junk=0")).toBe(real);
    // a new feed version forgets both
    (feed as { version: number }).version = 2;
    expect(answers.known("url:en:/quotes?junk=0")).toBeUndefined();
    expect(answers.size).toEqual({ answers: 0, aliases: 0 });
  });
});
