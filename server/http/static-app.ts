import { existsSync } from "node:fs";
import { join } from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built PWA at /h5/. HTML and the service worker must be revalidated on every load so a deploy is
 * seen at once; hashed assets never change and are cached for a year.
 */
export async function serveApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/h5/",
    index: ["index.html"],
    cacheControl: false,
    setHeaders(res, path) {
      if (/[\\/]assets[\\/]/.test(path)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "no-cache");
      if (path.endsWith(".webmanifest")) res.setHeader("Content-Type", "application/manifest+json");
    },
  });
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
    cacheControl: false,
    decorateReply: false,
    setHeaders(res, path) {
      if (/[\\/]assets[\\/]/.test(path)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      else res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.get("/ops", (_request, reply) => reply.redirect("/ops/"));
  return true;
}
