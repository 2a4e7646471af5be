import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { defaultStringifySearch } from "@tanstack/react-router";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STATIC_HOME_BANNER } from "#contract/static-home";
import { contents } from "#server/db/schema";
import { searchValue, withHomeBanner } from "#server/http/index-document";

import { compressBuildOutput } from "../../build/precompress";
import { type Harness, startHarness } from "./harness";

/**
 * The document a page load gets carries Home's first banner where the built shell's Home preview has its
 * markers (src/app/StaticShell.tsx), escaped, in English, with <html> marked for the head script; any other
 * fetch of the document (the service worker's precache) gets the file as built.
 */
let h: Harness;
let app: FastifyInstance;
let distDir: string;
const { id, title, summary } = STATIC_HOME_BANNER;
// the shape the build writes: the preview's banner link, title and summary, a tab label, enough markup to compress
const shell = (tab: string) =>
  `<div class="static-home"><a class="banner-slide" href="#/pages/about/details?id=${id}"><strong>${title}</strong>` +
  `<span>${summary}</span></a></div>${'<div class="skeleton skeleton-row"></div>'.repeat(80)}<span class="tab-label">${tab}</span>`;
const template = `<!doctype html>\n<html data-shell-lang="en" lang="en">\n  <head><title>TradePWA</title></head>\n  <body><div id="root">${shell("Home")}</div></body>\n</html>\n`;
const navigation = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" };

async function firstBanner() {
  const [row] = await h.ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.kind, "banner"), eq(contents.lang, "en"), eq(contents.published, true)));
  return row!;
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "trading-document-"));
  writeFileSync(join(distDir, "index.html"), template);
  // the shell in English and German, as build/prerender-shell.ts writes them (no file for the other languages)
  mkdirSync(join(distDir, "static-shell"));
  writeFileSync(join(distDir, "static-shell", "en.html"), shell("Home"));
  writeFileSync(join(distDir, "static-shell", "de.html"), shell("Start"));
  compressBuildOutput(distDir);
  h = await startHarness({ distDir });
  app = h.app;
}, 60_000);
afterAll(async () => {
  await h?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("the document of a page load", () => {
  it("carries Home's newest banner in English, its link as the router writes it, and marks <html> with the language", async () => {
    const home = await app.inject({ method: "GET", url: "/api/index/home", headers: { lang: "en" } });
    const banner = home.json().data.banners[0];
    expect(banner).toBeDefined();
    for (const url of ["/h5/", "/h5/index.html"]) {
      const response = await app.inject({ method: "GET", url, headers: navigation });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(String(response.headers.vary), url).toMatch(/sec-fetch-dest/i);
      expect(response.body, url).toContain(`<html data-shell-home-lang="en" data-shell-lang="en" lang="en">`);
      expect(response.body, url).toContain(`<strong>${banner.title}</strong><span>${banner.summary}</span>`);
      expect(response.body, url).toContain(`href="#/pages/about/details?id=${banner.id}"`);
      expect(response.body, url).not.toContain(title);
      // (the security headers of the document, CSP with the inline hashes, are those of every document)
      expect(response.headers["content-security-policy"], url).toBeDefined();
    }
  });

  it("in the reader's language from the `language` cookie the head script keeps, English for a missing or unknown one", async () => {
    const german = (await app.inject({ method: "GET", url: "/api/index/home", headers: { lang: "de" } })).json().data.banners[0];
    const english = (await app.inject({ method: "GET", url: "/api/index/home", headers: { lang: "en" } })).json().data.banners[0];
    expect(german.title).not.toBe(english.title);
    const de = await app.inject({ method: "GET", url: "/h5/", headers: { ...navigation, cookie: "other=1; language=de" } });
    // the shell in German (its tab label), the page's language and the shell's (the head script compares it) with it
    expect(de.body).toContain(`<html data-shell-home-lang="de" data-shell-lang="de" lang="de">`);
    expect(de.body).toContain(`<span class="tab-label">Start</span>`);
    expect(de.body).not.toContain(`<span class="tab-label">Home</span>`);
    expect(de.body).toContain(`<a class="banner-slide" lang="de"`);
    expect(de.body).toContain(`<strong>${german.title}</strong>`);
    expect(String(de.headers.vary)).toMatch(/cookie/i);
    for (const cookie of ["language=xx", "language=", "lang=de"]) {
      const body = (await app.inject({ method: "GET", url: "/h5/", headers: { ...navigation, cookie } })).body;
      expect(body, cookie).toContain(`<html data-shell-home-lang="en" data-shell-lang="en" lang="en">`);
      expect(body, cookie).toContain(`<strong>${english.title}</strong>`);
      expect(body, cookie).toContain(`<span class="tab-label">Home</span>`);
    }
    // a language the build wrote no shell for: its banner in the English shell, marked with its language
    const korean = (await app.inject({ method: "GET", url: "/api/index/home", headers: { lang: "kor" } })).json().data.banners[0];
    const kor = (await app.inject({ method: "GET", url: "/h5/", headers: { ...navigation, cookie: "language=kor" } })).body;
    expect(kor).toContain(`<html data-shell-home-lang="kor" data-shell-lang="en" lang="en">`);
    expect(kor).toContain(`<a class="banner-slide" lang="ko"`);
    expect(kor).toContain(`<strong>${korean.title}</strong>`);
    expect(kor).toContain(`<span class="tab-label">Home</span>`);
  });

  it("comes as brotli or gzip when the browser takes it, with a tag per encoding that a revalidation answers 304 to", async () => {
    const plain = await app.inject({ method: "GET", url: "/h5/", headers: navigation });
    const br = await app.inject({ method: "GET", url: "/h5/", headers: { ...navigation, "accept-encoding": "gzip, br" } });
    const gz = await app.inject({ method: "GET", url: "/h5/", headers: { ...navigation, "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const again = await app.inject({
      method: "GET",
      url: "/h5/",
      headers: { ...navigation, "accept-encoding": "gzip, br", "if-none-match": String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("writes the banner's text as text: markup in a title or summary is escaped, never parsed", async () => {
    const row = await firstBanner();
    const hostile = { title: `<img src=x onerror="alert(1)">&'`, summary: `</span><script>alert(2)</script>` };
    await h.ctx.db.update(contents).set(hostile).where(eq(contents.id, row.id));
    try {
      h.clock.now += 10;
      const body = (await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body;
      expect(body).toContain("<strong>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</strong>");
      expect(body).toContain("<span>&lt;/span&gt;&lt;script&gt;alert(2)&lt;/script&gt;</span>");
      expect(body).not.toContain("<img");
      expect(body).not.toContain("<script>alert");
    } finally {
      await h.ctx.db.update(contents).set({ title: row.title, summary: row.summary }).where(eq(contents.id, row.id));
      h.clock.now += 10;
    }
  });

  it("an operator's change shows within ten seconds: the written document is reused until then", async () => {
    const row = await firstBanner();
    const before = (await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body;
    await h.ctx.db.update(contents).set({ title: "Changed banner" }).where(eq(contents.id, row.id));
    try {
      h.clock.now += 5;
      expect((await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body).toBe(before);
      h.clock.now += 5;
      expect((await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body).toContain("<strong>Changed banner</strong>");
    } finally {
      await h.ctx.db.update(contents).set({ title: row.title }).where(eq(contents.id, row.id));
      h.clock.now += 10;
    }
  });

  it("a deploy is seen at the next page load: the document is written from the file on disk now, not the one at start", async () => {
    const banner = (await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body;
    const deployed = template.replace(
      "<title>TradePWA</title>",
      '<title>TradePWA</title><meta name="app-entry" content="/h5/assets/index-v2.js">',
    );
    writeFileSync(join(distDir, "index.html"), deployed);
    try {
      const after = (await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body;
      expect(after).toContain("index-v2.js");
      expect(after).toBe(
        banner.replace("<title>TradePWA</title>", '<title>TradePWA</title><meta name="app-entry" content="/h5/assets/index-v2.js">'),
      );
    } finally {
      writeFileSync(join(distDir, "index.html"), template);
    }
    expect((await app.inject({ method: "GET", url: "/h5/", headers: navigation })).body).toBe(banner);
  });

  it("with no banner published, the document as built, and no language mark (the head script keeps the skeleton)", async () => {
    await h.ctx.db.update(contents).set({ published: false }).where(eq(contents.kind, "banner"));
    try {
      h.clock.now += 10;
      const response = await app.inject({ method: "GET", url: "/h5/", headers: navigation });
      expect(response.body).toBe(template);
      expect(response.body).not.toContain("data-shell-home-lang");
    } finally {
      await h.ctx.db.update(contents).set({ published: true }).where(eq(contents.kind, "banner"));
      h.clock.now += 10;
    }
  });
});

describe("the document fetched by anything but a page load", () => {
  it("is the file as built (the service worker keeps no banner that may change), pre-compressed as every static file", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/h5/index.html",
      headers: { "sec-fetch-dest": "empty", "accept-encoding": "br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.rawPayload.equals(readFileSync(join(distDir, "index.html.br")))).toBe(true);
    const bare = await app.inject({ method: "GET", url: "/h5/" });
    expect(bare.body).toBe(template);
  });
});

describe("the banner's link", () => {
  it("writes the id as the router's own search serializer does, so the app reads back the same id", () => {
    for (const value of ["banner-simulated", "12", "true", "null", "a b&c=d", "é/?#"]) {
      expect(`?id=${searchValue(value)}`, value).toBe(defaultStringifySearch({ id: value }));
    }
  });

  it("a document without the preview's markers is left as it is", () => {
    const other = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>';
    expect(withHomeBanner(other, { id: "x", title: "T", summary: "S" }, "en")).toBe(other);
    expect(withHomeBanner(template, undefined, "en")).toBe(template);
  });
});
