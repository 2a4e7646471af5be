import { mkdirSync, writeFileSync } from "node:fs";

import type { Plugin } from "vite";

/**
 * Writes `.tmp/modules.json` (outside dist/, so it is never served): for every chunk, the code each module contributed after
 * tree-shaking. `npm run size -- --why` reads it to say what each part of a first load costs.
 */
export function moduleSizes(): Plugin {
  return {
    name: "module-sizes",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, string>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.code ?? ""]));
      }
      mkdirSync(".tmp", { recursive: true });
      writeFileSync(".tmp/modules.json", JSON.stringify(chunks));
    },
  };
}
