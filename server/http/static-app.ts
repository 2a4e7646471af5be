import { existsSync } from "node:fs";
import { join } from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

import type { ServiceContext } from "../modules/context";
import { serveIndexDocument } from "./index-document";

// the build writes a .br and a .gz copy beside each text file of 1 KB or more (build/precompress.ts)
const PRE_COMPRESSED = /\.(br|gz)$/;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * The headers every served file carries. HTML and the service worker must be revalidated on every load so a
 * deploy is seen at once; hashed assets never change and are cached for a year. A text file may be sent as its
 * brotli or gzip copy depending on the request's Accept-Encoding, so caches are told the answer varies by it.
 */
function setStaticHeaders(res: { setHeader(name: string, value: string): unknown }, sentPath: string) {
  const path = sentPath.replace(PRE_COMPRESSED, "");
  if (/[\\/]assets[\\/]/.test(path)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  else res.setHeader("Cache-Control", "no-cache");
  if (path.endsWith(".webmanifest")) res.setHeader("Content-Type", "application/manifest+json");
  if (TEXT.test(path)) res.setHeader("Vary", "Accept-Encoding");
}

/**
 * Serves the built PWA at /h5/, each text file as the build's brotli (quality 11) or gzip (level 9) copy when
 * the browser takes it (`preCompressed`): the on-the-fly compression leaves an answer that already carries
 * its Content-Encoding alone.
 */
export async function serveApp(app: FastifyInstance, distDir: string, ctx: ServiceContext): Promise<boolean> {
  if (!existsSync(join(distDir, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/h5/",
    index: ["index.html"],
    preCompressed: true,
    cacheControl: false,
    setHeaders: setStaticHeaders,
  });
  // the document itself: Home's first banner written in for a page load (index-document.ts)
  serveIndexDocument(app, distDir, ctx);
  app.get("/", (_request, reply) => reply.redirect("/h5/"));
  app.get("/h5", (_request, reply) => reply.redirect("/h5/"));
  return true;
}

/** Serves the built back-office console at /ops/ (its own build: `npm run build:ops`). */
export async function serveConsole(app: FastifyInstance, consoleDir: string): Promise<boolean> {
  if (!existsSync(join(consoleDir, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: "/ops/",
    index: ["index.html"],
    preCompressed: true,
    cacheControl: false,
    decorateReply: false,
    setHeaders: setStaticHeaders,
  });
  app.get("/ops", (_request, reply) => reply.redirect("/ops/"));
  return true;
}
