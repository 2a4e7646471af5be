import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

/** The app's security headers, as helmet options: a strict CSP for the PWA, no framing, same-origin referrers. */
const baseOptions = {
  contentSecurityPolicy: { directives },
  referrerPolicy: { policy: "same-origin" as const },
  // the same rule as frame-ancestors 'none', for browsers that only know the older header
  frameguard: { action: "deny" as const },
  // the PWA fetches only its own origin; this header would also block its own workers' module imports
  crossOriginEmbedderPolicy: false,
};
export const helmetOptions: FastifyHelmetOptions = baseOptions;

// what any answer carries anyway, not helmet's to set
const ROUTINE = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/**
 * The headers helmet sets with `options`, worked out once by asking a throwaway instance. The plugin itself
 * rebuilds its middleware (and re-parses the CSP) on every request, which cost a sixth of a quote answer;
 * the headers never vary per request here (no CSP nonces), so they are computed at start and copied.
 */
export async function securityHeaders(options: FastifyHelmetOptions = helmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get("/", async () => "");
  const response = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !ROUTINE.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * The PWA's one HTML document (every page of it is a hash route of it) may be framed by its own origin: the
 * console's content editor frames its preview page. Any other origin still may not, nor may anything else be
 * framed (the console, the API, the assets). Its styles come from its own origin or are the build's inline
 * shell stylesheet, allowed by its hash (`inlineStyles`): no other inline style element or attribute runs. Its
 * scripts likewise: its own origin's files, and the build's two inline scripts by their hashes (`inlineScripts`).
 */
export function pwaDocumentOptions(inlineStyles: string[] = [], inlineScripts: string[] = []): FastifyHelmetOptions {
  return {
    ...baseOptions,
    contentSecurityPolicy: {
      directives: {
        ...directives,
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", ...inlineStyles],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: "sameorigin" as const },
  };
}

function inlineHashes(distDir: string | undefined, element: RegExp): string[] {
  const file = distDir ? join(distDir, "index.html") : "";
  if (!file || !existsSync(file)) return [];
  return [...readFileSync(file, "utf8").matchAll(element)].map(
    ([, text]) => `'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`,
  );
}

/**
 * The CSP sources for the inline <style> elements of the built index.html (the shell's stylesheet, put there
 * by build/prerender-shell.ts): each one's SHA-256, so exactly that text is allowed.
 */
export function inlineStyleHashes(distDir: string | undefined): string[] {
  return inlineHashes(distDir, /<style>([\s\S]*?)<\/style>/g);
}

/**
 * The CSP sources for the attribute-less inline <script> elements of the built index.html (the head script
 * that hides the pre-rendered tab bar where the app has none, src/app/static-shell-tabs.ts, and the one that
 * starts the app after the first paint, build/paint-first.ts): each one's SHA-256. A script with a `src` is
 * not inline and needs none; no other inline script runs.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  return inlineHashes(distDir, /<script>([\s\S]*?)<\/script>/g);
}

const PWA_DOCUMENT = /^\/h5\/(index\.html)?(\?|$)/;

/** Every answer (routes, static files, refusals, not-found) carries the security headers. */
export async function addSecurityHeaders(app: FastifyInstance, distDir?: string): Promise<void> {
  const headers = await securityHeaders(helmetOptions);
  const documentHeaders = await securityHeaders(pwaDocumentOptions(inlineStyleHashes(distDir), inlineScriptHashes(distDir)));
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(PWA_DOCUMENT.test(request.url) ? documentHeaders : headers);
    done();
  });
}
