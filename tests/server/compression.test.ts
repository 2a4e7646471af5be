import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";

import { type Harness, startHarness } from "./harness";

// Answers travel compressed (brotli, else gzip) when they are big enough to gain (K-line history, lists);
// the API description stands in here for a big answer, the harness's short price history being small.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const bigAnswer = (acceptEncoding: string) =>
  h.app.inject({ method: "GET", url: "/api/docs", headers: { "accept-encoding": acceptEncoding } });

describe("compression", () => {
  it("sends brotli to a browser that takes it, and the same answer inside", async () => {
    const plain = await bigAnswer("identity");
    const compressed = await bigAnswer("br, gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it("falls back to gzip, and leaves small answers alone", async () => {
    const gzip = await bigAnswer("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toBeDefined();
    const small = await h.app.inject({ method: "GET", url: `${apiPaths.latestQuotes.path}?pids=1`, headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
