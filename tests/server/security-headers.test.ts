import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Harness, OPS_TOKEN, startHarness } from "./harness";
import { makeJpeg, makeWebp, multipart } from "./images";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";

/**
 * Security headers on the app shell, the service worker, assets and API answers, and safe serving of uploads.
 * The shell is a stand-in dist folder (the real build is not made here); the real index.html is checked for
 * inline scripts: none in the source, and in a build only the head script and the app's starter, which the
 * document's CSP allows by hash.
 */
let h: Harness;
let app: FastifyInstance;
let distDir: string;
let user: FundedUser;
// the build inlines the shell's stylesheet into index.html (build/prerender-shell.ts)
const SHELL_CSS = ".frame{max-width:450px;margin:0 auto}";
// and one script in the head, which hides the pre-rendered tab bar on pages without one (src/app/static-shell-tabs.ts)
const HEAD_SCRIPT = 'document.documentElement.setAttribute("data-shell-no-tabs","")';
// and one at the end of the body, which starts the app after the first paint (build/paint-first.ts)
const START_SCRIPT = 'requestAnimationFrame(function(){setTimeout(function(){import("/h5/assets/app-1a2b.js")})})';

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "trading-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(
    join(distDir, "index.html"),
    `<!doctype html><html><head><style>${SHELL_CSS}</style><script>${HEAD_SCRIPT}</script></head><body><div id="root"></div><script>${START_SCRIPT}</script></body></html>`,
  );
  writeFileSync(join(distDir, "sw.js"), "self.addEventListener('install', () => {});");
  writeFileSync(join(distDir, "assets", "app-1a2b.js"), "console.log('app');");
  h = await startHarness({ distDir });
  app = h.app;
  user = await fundedUser(h, "headers01");
}, 60_000);
afterAll(async () => {
  await h?.close();
  rmSync(distDir, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("headers on the app and the API", () => {
  const pages = ["/h5/", "/h5/index.html", "/h5/sw.js", "/h5/assets/app-1a2b.js", "/api/docs", "/api/user/index", "/api/nothing/here"];
  // the PWA's document may be framed by its own origin (the console's content preview), by no other
  const framedByOwnOrigin = new Set(["/h5/", "/h5/index.html"]);
  it.each(pages)(
    "%s: CSP without inline scripts (but the build's head script and starter by hash, for the PWA's document), no framing (but by its own origin for the PWA's document), nosniff, a referrer policy",
    async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBeLessThan(500);
      const csp = directives(String(response.headers["content-security-policy"]));
      const scripts = csp.get("script-src") ?? csp.get("default-src")!;
      const [head, start] = [HEAD_SCRIPT, START_SCRIPT].map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      expect(scripts).toEqual(framedByOwnOrigin.has(url) ? ["'self'", head, start] : ["'self'"]);
      expect(scripts.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp.get("frame-ancestors")).toEqual(framedByOwnOrigin.has(url) ? ["'self'"] : ["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe(framedByOwnOrigin.has(url) ? "SAMEORIGIN" : "DENY");
      expect(response.headers["referrer-policy"]).toBe("same-origin");
    },
  );

  it("the PWA's document allows its inline shell stylesheet by hash, never 'unsafe-inline'; nothing else gets inline styles", async () => {
    const hash = `'sha256-${createHash("sha256").update(SHELL_CSS).digest("base64")}'`;
    for (const url of ["/h5/", "/h5/index.html"]) {
      const csp = directives(String((await app.inject({ method: "GET", url })).headers["content-security-policy"]));
      expect(csp.get("style-src"), url).toEqual(["'self'", hash]);
    }
    // a stylesheet that is not the build's own has no hash to match
    expect(hash).not.toBe(`'sha256-${createHash("sha256").update(`${SHELL_CSS} `).digest("base64")}'`);
    const other = directives(String((await app.inject({ method: "GET", url: "/h5/sw.js" })).headers["content-security-policy"]));
    expect(other.get("style-src")).not.toContain(hash);
  });

  it("the app shell and the service worker are revalidated, hashed assets cached", async () => {
    expect((await app.inject({ method: "GET", url: "/h5/" })).headers["cache-control"]).toBe("no-cache");
    expect((await app.inject({ method: "GET", url: "/h5/sw.js" })).headers["cache-control"]).toBe("no-cache");
    expect((await app.inject({ method: "GET", url: "/h5/assets/app-1a2b.js" })).headers["cache-control"]).toMatch(/immutable/);
  });

  it("the real index.html has no inline script; a built one only the head script and the starter its CSP allows by hash", () => {
    for (const file of ["index.html", "dist/index.html"].filter((f) => existsSync(f))) {
      const html = readFileSync(file, "utf8");
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      // the source's entry is a module script; the build names it (and the early-start script) in <meta>
      // elements that the starter script reads, so no script is fetched before the first paint
      expect(scripts.filter(([, attributes]) => /\ssrc=/.test(attributes!)).length, file).toBe(file === "index.html" ? 1 : 0);
      const inline = scripts.filter(([, attributes]) => !/\ssrc=/.test(attributes!));
      // the source has none; the build adds two, attribute-less (what inlineScriptHashes hashes): one in the head,
      // and after the shell the one that starts the scripts once the shell is painted (build/paint-first.ts)
      expect(inline.length, file).toBe(file === "index.html" ? 0 : 2);
      for (const [whole, attributes, body] of scripts) {
        if (/\ssrc=/.test(attributes!)) expect(body!.trim(), file).toBe("");
        else {
          expect(attributes, file).toBe("");
          if (body!.includes('"app-entry"')) expect(html.indexOf(whole), file).toBeGreaterThan(html.indexOf('<div id="root">'));
          else expect(html.indexOf(whole), file).toBeLessThan(html.indexOf("</head>"));
        }
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, file).not.toMatch(/javascript:/i);
    }
  });
});

describe("uploaded files", () => {
  const fetchFile = (url: string, headers: Record<string, string> = { token: user.token }) => app.inject({ method: "GET", url, headers });

  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
  ])("a %s is served inline as %s, never sniffed, sandboxed", async (kind, mime) => {
    let url: string;
    if (kind === "png") url = await uploadPng(h, user.token);
    else {
      const body = multipart(kind === "jpeg" ? makeJpeg() : makeWebp(), "photo.bin", "application/octet-stream");
      const response = await app.inject({
        method: "POST",
        url: "/api/user/uploadfile",
        headers: { token: user.token, "content-type": body.contentType },
        payload: body.payload,
      });
      url = response.json().data.url;
    }
    for (const headers of [{ token: user.token }, { "ops-token": OPS_TOKEN }] as Array<Record<string, string>>) {
      const response = await fetchFile(url, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(mime);
      expect(response.headers["content-disposition"]).toMatch(/^inline; filename="[a-f0-9]{32}\.(png|jpg|webp)"$/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers["content-security-policy"])).toMatch(/default-src 'none'.*sandbox/);
      expect(response.headers["cache-control"]).toMatch(/^private/);
    }
  });

  it("a stored file of any other type goes out as an opaque download, never as a page", async () => {
    // as if a row predating the upload check, or edited in the database, said text/html or svg
    for (const [mime, name] of [
      ["text/html", "0123456789abcdef0123456789abcdef.png"],
      ["image/svg+xml", "fedcba9876543210fedcba9876543210.png"],
    ] as const) {
      writeFileSync(join(h.uploadsDir, name), "<html><script>alert(document.cookie)</script></html>");
      await h.database.db.execute(
        `insert into uploads (user_id, name, mime, size, created_at) select id, '${name}', '${mime}', 52, 0 from users where account = 'headers01'` as never,
      );
      const response = await fetchFile(`/api/files/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/octet-stream");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers["content-security-policy"])).toContain("sandbox");
    }
  });

  it("names that are not a stored upload's are not found, whatever they try", async () => {
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      "index.html",
      "0123456789abcdef0123456789abcdef.html",
      "0123456789abcdef0123456789abcdef.png%00.html",
    ]) {
      const response = await fetchFile(`/api/files/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().err).toBe("not_found");
    }
  });
});
