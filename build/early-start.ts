import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

const ROUTE_SPLIT = /\/src\/routes\/([^?]+)\.tsx\?tsr-split=/;
const CATALOG = /\/locales\/(\w+)\/(shell|pages)\.ts$/;
const EARLY_ENTRY = /\/src\/early-start\.ts$/;
const PREVIEW_ENTRY = /\/src\/early-start-preview\.ts$/;
const API_CLIENT = /node_modules\/ky\/distribution\/index\.js$/;

/** The hash path a route file serves: pathless layouts (`_auth`) and a final `index` drop out, `[index]` is literal. */
export function routePathOf(file: string): string {
  const segments = file
    .split("/")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment, at, all) => (at === all.length - 1 && segment === "index" ? "" : segment.replace(/^\[(.+)\]$/, "$1")))
    .filter(Boolean);
  return `/${segments.join("/")}`;
}

/**
 * The build's inputs: the app's document, the early-start script, an entry of its own (shares no chunk), and
 * the page previews it fills in (src/early-start-preview.ts), which it imports by the name it finds in its
 * <meta>: only a visit that shows a preview fetches that code.
 */
export const EARLY_START_INPUT = {
  index: "index.html",
  "early-start": "src/early-start.ts",
  "early-start-preview": "src/early-start-preview.ts",
};

/**
 * Names the early-start script in index.html (a <meta> that build/paint-first.ts's starter reads) and writes into
 * it (src/early-start.ts) what each page needs before its first render that the starter does not already
 * preload with the app's entry: its route chunk and that chunk's own imports and stylesheets, each language's
 * catalogs, and the API client. The script preloads the current page's share as soon as it runs, so none of it
 * waits for the app shell to arrive and run first.
 */
export function earlyStart(): Plugin {
  let base = "/";
  return {
    name: "early-start",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(source, context) {
        const bundle = context.bundle as OutputBundle | undefined;
        if (!bundle) return source;
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
        const entryOf = (pattern: RegExp) => chunks.find((chunk) => pattern.test(chunk.facadeModuleId ?? ""));
        const early = entryOf(EARLY_ENTRY);
        const preview = entryOf(PREVIEW_ENTRY);
        const mainEntry = chunks.find((chunk) => chunk.isEntry && chunk !== early && chunk !== preview);
        if (!mainEntry || !early || !preview)
          throw new Error("early-start: the build has no app entry, early-start entry or preview entry");
        // the early scripts run before the app's chunks have arrived: importing one of them would make them wait
        for (const chunk of [early, preview])
          if (chunk.imports.length > 0) throw new Error(`early-start: ${chunk.fileName} imports ${chunk.imports.join(", ")}`);

        // what the document already loads: the app entry and its static imports
        const loaded = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === "chunk") chunk.imports.forEach(visit);
        };
        visit(mainEntry.fileName);
        const needs = (chunk: OutputChunk): string[] => {
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (loaded.has(fileName) || files.has(fileName)) return;
            files.add(fileName);
            const imported = bundle[fileName];
            if (imported?.type !== "chunk") return;
            imported.imports.forEach(add);
            // its stylesheets: Vite's loader waits for them before it runs the chunk, one more round trip after
            // the app has arrived unless they are on their way already
            imported.viteMetadata?.importedCss.forEach(add);
          };
          add(chunk.fileName);
          return [...files];
        };

        const routes: Record<string, string[]> = {};
        const catalogs: Record<string, { shell: string; pages: string }> = {};
        const always: string[] = [];
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            const route = id.match(ROUTE_SPLIT);
            if (route) routes[routePathOf(route[1]!)] = needs(chunk);
          }
          const catalog = chunk.facadeModuleId?.match(CATALOG);
          if (catalog) (catalogs[catalog[1]!] ??= { shell: "", pages: "" })[catalog[2] as "shell" | "pages"] = chunk.fileName;
          if (chunk.moduleIds.some((id) => API_CLIENT.test(id))) always.push(...needs(chunk));
        }
        if (!routes["/"] || !always.length || !catalogs.en?.shell)
          throw new Error("early-start: no Home route chunk, API client or English catalog found");

        const data = JSON.stringify({ base, always, routes, catalogs, preview: preview.fileName })
          .replace(/&/g, "&amp;")
          .replace(/"/g, "&quot;");
        // started once the first paint is on screen, before the app's own chunks (build/paint-first.ts)
        return source.replace(
          /<meta name="viewport"[^>]*>/,
          (viewport) => `${viewport}\n    <meta name="early-start" content="${base}${early.fileName}" data-preloads="${data}">`,
        );
      },
    },
  };
}
