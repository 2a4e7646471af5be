import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { ContentSummary } from "#contract/content";
import { BCP47, DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, toLanguageCode } from "#contract/languages";
import { LANGUAGE_COOKIE, localizedShellFile, STATIC_HOME_BANNER, STATIC_HOME_LANGUAGE_ATTRIBUTE } from "#contract/static-home";
import { SHELL_LANGUAGE_ATTRIBUTE } from "#contract/static-preview";

import { homeData } from "../modules/content/service";
import type { ServiceContext } from "../modules/context";
import { cookieValue } from "./cookies";

// how long a written document is reused (seconds): a banner an operator publishes shows on a cold visit within this
const FRESH_SECONDS = 10;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * A search value as the router writes it in a link (TanStack Router's default: a string that would parse as
 * JSON, such as "12" or "true", is written JSON-quoted so it reads back as a string), form-encoded.
 */
export function searchValue(value: string): string {
  let parses = true;
  try {
    JSON.parse(value);
  } catch {
    parses = false;
  }
  return new URLSearchParams({ v: parses ? JSON.stringify(value) : value }).toString().slice("v=".length);
}

/**
 * The built index.html with Home's first banner written where the shell's Home preview carries the markers
 * (src/app/StaticShell.tsx), and <html> marked with the banner's language, which the head script compares with
 * the reader's. Without a banner, or a document without the markers, the document as built.
 */
export function withHomeBanner(
  template: string,
  banner: Pick<ContentSummary, "id" | "title" | "summary"> | undefined,
  language: LanguageCode,
): string {
  const { id, title, summary } = STATIC_HOME_BANNER;
  if (!banner || !template.includes(title) || !template.includes(summary) || !template.includes(id)) return template;
  return (
    template
      .replace(/<html(\s|>)/, `<html ${STATIC_HOME_LANGUAGE_ATTRIBUTE}="${language}"$1`)
      // the banner says which language it is in, whatever the shell around it is written in
      .replace(/(<a class="banner-slide")/, `$1 lang="${BCP47[language]}"`)
      .replace(`id=${id}`, `id=${searchValue(banner.id)}`)
      .replace(title, escapeHtml(banner.title))
      .replace(summary, escapeHtml(banner.summary))
  );
}

/**
 * The document with the pre-rendered shell in the reader's language: the build's English markup of #root
 * swapped for that language's (build/prerender-shell.ts), and <html lang> and its shell language with it. English, or a language the
 * build wrote no markup for, or a document without the English markup: the document as it is.
 */
export function withShellLanguage(template: string, shells: ReadonlyMap<string, string>, language: LanguageCode): string {
  const english = shells.get(DEFAULT_LANGUAGE);
  const localized = shells.get(language);
  if (language === DEFAULT_LANGUAGE || !english || !localized || !template.includes(english)) return template;
  return template
    .replace(english, () => localized)
    .replace(/<html([^>]*) lang="[^"]*"/, `<html$1 lang="${BCP47[language]}"`)
    .replace(`${SHELL_LANGUAGE_ATTRIBUTE}="${DEFAULT_LANGUAGE}"`, `${SHELL_LANGUAGE_ATTRIBUTE}="${language}"`);
}

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  tag: string;
}

async function encode(html: string): Promise<Encoded> {
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz, tag: createHash("sha256").update(identity).digest("base64url").slice(0, 22) };
}

function preferredEncoding(request: FastifyRequest): "br" | "gzip" | "identity" {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/**
 * The PWA's document, /h5/ and /h5/index.html. A page load (a navigation: `Sec-Fetch-Dest: document`) gets
 * the built document in the reader's language (the `language` cookie the head script keeps, English without
 * it): the pre-rendered shell in that language, and Home's first banner in it, so on a cold visit to Home the
 * page's largest text paints with the HTML, before any script (docs/decisions.md "Home's first banner in the
 * document"). Everything else, the service worker's precache among it, gets the file as built (and its
 * build-time brotli or gzip copy), so no copy the worker keeps carries a banner that may have changed since.
 * The written document is kept for a few seconds (not past a deploy: the file is looked at on every page load)
 * and compressed once per change.
 */
export function serveIndexDocument(app: FastifyInstance, distDir: string, ctx: ServiceContext): void {
  const file = join(distDir, "index.html");
  if (!existsSync(file)) return;
  let built = { stamp: "", text: "", shells: new Map<string, string>() };
  const cache = new Map<LanguageCode, { at: number; template: string; html: string; encoded: Promise<Encoded> }>();

  /** The file as built now and the shell's markups: a deploy replaces them (and the chunks they name) while the server runs. */
  function template(): typeof built {
    const { mtimeMs, size } = statSync(file);
    const stamp = `${mtimeMs}:${size}`;
    if (stamp !== built.stamp) {
      const shells = new Map<string, string>();
      for (const language of LANGUAGE_CODES) {
        const shell = join(distDir, localizedShellFile(language));
        if (existsSync(shell)) shells.set(language, readFileSync(shell, "utf8"));
      }
      built = { stamp, text: readFileSync(file, "utf8"), shells };
    }
    return built;
  }

  async function written(language: LanguageCode): Promise<Encoded | null> {
    const now = ctx.now();
    const { text: current, shells } = template();
    let cached = cache.get(language);
    if (!cached || cached.template !== current || now - cached.at >= FRESH_SECONDS) {
      const { banners } = await homeData(ctx, language);
      const html = withHomeBanner(withShellLanguage(current, shells, language), banners[0], language);
      if (html !== cached?.html) cached = { at: now, template: current, html, encoded: encode(html) };
      else cached.at = now;
      cache.set(language, cached);
    }
    return cached.html === current ? null : cached.encoded;
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const vary = "Accept-Encoding, Sec-Fetch-Dest, Cookie";
    const navigation = request.headers["sec-fetch-dest"] === "document";
    const language = toLanguageCode(cookieValue(request, LANGUAGE_COOKIE));
    const document = navigation ? await written(language).catch(() => null) : null;
    if (!document) return reply.header("Vary", vary).sendFile("index.html");
    const encoding = preferredEncoding(request);
    // each encoding is its own representation, with its own tag
    const etag = `"${document.tag}-${encoding}"`;
    reply.header("Content-Type", "text/html; charset=utf-8").header("Cache-Control", "no-cache").header("Vary", vary).header("ETag", etag);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    if (encoding !== "identity") reply.header("Content-Encoding", encoding);
    return reply.send(document[encoding]);
  }

  app.get("/h5/", handler);
  app.get("/h5/index.html", handler);
}
