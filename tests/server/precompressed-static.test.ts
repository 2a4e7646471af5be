import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { compressBuildOutput } from "../../build/precompress";
import { type Harness, startHarness } from "./harness";

/**
 * The build's brotli and gzip copies (build/precompress.ts, run here on a stand-in dist folder) are what the
 * server sends, chosen by the request's Accept-Encoding, with the headers a cache needs to keep them apart.
 */
let h: Harness;
let app: FastifyInstance;
let distDir: string;
// text that compresses well and is well over the 1 KB threshold
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2; // line ${i}`).join("\n");
const tiny = "console.log(1);";

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "trading-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), `<!doctype html><html><body><div id="root"></div>${"<p>shell</p>".repeat(200)}</body></html>`);
  writeFileSync(join(distDir, "assets", "app-1a2b.js"), script);
  writeFileSync(join(distDir, "assets", "tiny-3c4d.js"), tiny);
  writeFileSync(join(distDir, "icon.png"), Buffer.alloc(4096, 7));
  writeFileSync(join(distDir, "manifest.webmanifest"), JSON.stringify({ name: "x".repeat(2000) }));
  compressBuildOutput(distDir);
  h = await startHarness({ distDir });
  app = h.app;
}, 60_000);
afterAll(async () => {
  await h?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("static files compressed at build time", () => {
  it("the build writes brotli at quality 11 and gzip at level 9 beside text files of 1 KB or more, not beside images or tiny files", () => {
    const br = readFileSync(join(distDir, "assets", "app-1a2b.js.br"));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(distDir, "assets", "app-1a2b.js.gz"))).toString()).toBe(script);
    expect(br.length).toBeLessThan(readFileSync(join(distDir, "assets", "app-1a2b.js.gz")).length);
    expect(existsSync(join(distDir, "assets", "tiny-3c4d.js.br"))).toBe(false);
    expect(existsSync(join(distDir, "icon.png.br"))).toBe(false);
  });

  it("asked with accept-encoding br, an asset is the .br file's bytes, marked brotli and varying by Accept-Encoding", async () => {
    const response = await get("/h5/assets/app-1a2b.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toMatch(/immutable/);
    expect(response.rawPayload.equals(readFileSync(join(distDir, "assets", "app-1a2b.js.br")))).toBe(true);
  });

  it("the document itself comes pre-compressed too, and is still revalidated on every load", async () => {
    for (const url of ["/h5/", "/h5/index.html"]) {
      const response = await get(url, "br");
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.rawPayload.equals(readFileSync(join(distDir, "index.html.br"))), url).toBe(true);
    }
    const manifest = await get("/h5/manifest.webmanifest", "br");
    expect(manifest.headers["content-encoding"]).toBe("br");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  it("asked with gzip only, the .gz file's bytes", async () => {
    const response = await get("/h5/assets/app-1a2b.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.rawPayload.equals(readFileSync(join(distDir, "assets", "app-1a2b.js.gz")))).toBe(true);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("asked without accept-encoding (or identity), the file as it is", async () => {
    for (const acceptEncoding of [undefined, "identity"]) {
      const response = await get("/h5/assets/app-1a2b.js", acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"] ?? "identity").toBe("identity");
      expect(response.body).toBe(script);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it("a file without a compressed copy is still served (a tiny script left to the on-the-fly compression, an image as it is)", async () => {
    const response = await get("/h5/assets/tiny-3c4d.js", "br");
    expect(response.statusCode).toBe(200);
    const body = response.headers["content-encoding"] === "br" ? brotliDecompressSync(response.rawPayload).toString() : response.body;
    expect(body).toBe(tiny);
    const image = await get("/h5/icon.png", "br, gzip");
    expect(image.headers["content-encoding"] ?? "identity").toBe("identity");
    expect(image.rawPayload.length).toBe(4096);
  });
});
