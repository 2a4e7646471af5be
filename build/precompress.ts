import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import type { Plugin } from "vite";

/** What is worth compressing: text. Images and fonts here are already compressed formats. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// below this a compressed copy saves less than a packet; the server's own threshold is the same
const SMALLEST = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Writes the `.br` and `.gz` copies of every text file of 1 KB or more under `dir`; returns the files compressed. */
export function compressBuildOutput(dir: string): string[] {
  const compressed: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < SMALLEST) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    compressed.push(file);
  }
  return compressed;
}

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) copy beside every text file of the finished
 * build, for the server to send as they are (`@fastify/static` `preCompressed`). Compressing once at build time
 * affords the highest levels, which compressing each answer on the fly cannot (the server uses brotli 4 for
 * its API answers). Runs after every other plugin has written its files, the service worker included.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        compressBuildOutput(outDir);
      },
    },
  };
}
