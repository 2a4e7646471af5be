import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { API_REQUESTS_PER_MINUTE, STATIC_FILES_PER_MINUTE } from "#server/http/static-file-limit";

import { type Harness, startHarness } from "./harness";

/**
 * The app-wide flood guard counts the built app's files apart from the API, under a higher cap: a cold visit and
 * the service worker's precache ask for some 200 files a minute, and several customers behind one carrier
 * address must not be refused the app. At a tenth of the real limits: 60 API requests, 600 files a minute.
 */
const SCALE = 0.1;
const API_CAP = API_REQUESTS_PER_MINUTE * SCALE;
const FILE_CAP = STATIC_FILES_PER_MINUTE * SCALE;
let h: Harness;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "trading-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), `<!doctype html><html><body><div id="root"></div></body></html>`);
  writeFileSync(join(distDir, "assets", "app-1a2b.js"), "console.log('app');");
  h = await startHarness({ distDir, rateLimitScale: SCALE });
}, 60_000);
afterAll(async () => {
  await h?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const file = (remoteAddress: string, url = "/h5/assets/app-1a2b.js") => h.app.inject({ method: "GET", url, remoteAddress });
const quotes = (remoteAddress: string) => h.app.inject({ method: "GET", url: "/api/index/ajaxdata", remoteAddress });

describe("the flood guard and the built app's files", () => {
  it("an address past the API's cap in files still gets the API, and past the API's cap in API requests still gets the files", async () => {
    const address = "10.77.0.1";
    for (let i = 0; i < API_CAP * 3; i++) expect((await file(address, i % 2 ? "/h5/" : undefined)).statusCode).toBe(200);
    let refusedAt = 0;
    for (let i = 1; i <= API_CAP + 5 && !refusedAt; i++) if ((await quotes(address)).statusCode === 429) refusedAt = i;
    // the files spent none of the API's count
    expect(refusedAt).toBe(API_CAP + 1);
    expect((await file(address)).statusCode).toBe(200);
  });

  it("the files have a cap of their own, ten times the API's", async () => {
    const address = "10.77.0.2";
    let refusedAt = 0;
    for (let i = 1; i <= FILE_CAP + 5 && !refusedAt; i++) if ((await file(address)).statusCode === 429) refusedAt = i;
    expect(refusedAt).toBe(FILE_CAP + 1);
    // and another address is not touched by it
    expect((await file("10.77.0.3")).statusCode).toBe(200);
  });
});
