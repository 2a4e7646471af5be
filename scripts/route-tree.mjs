// The PWA's route tree (src/app/route-tree.gen.ts) is derived from the files in src/routes, so it is not kept in
// git: this script writes it before anything reads it (typecheck, lint, tests, build, start, dev), and the Vite
// plugin rewrites it from the same options while it builds or serves. One options object for both, so the file
// the type checker sees is the file the build ships.
import { pathToFileURL } from "node:url";

import { Generator } from "@tanstack/router-generator";
import { getConfig } from "@tanstack/router-plugin";

export const routeTreeOptions = {
  target: "react",
  autoCodeSplitting: true,
  // A route's loader travels with its page: the route tree stays tiny and each page is one chunk.
  codeSplittingOptions: {
    defaultBehavior: [
      ["loader", "component"],
      ["errorComponent", "notFoundComponent", "pendingComponent"],
    ],
  },
  routesDirectory: "./src/routes",
  generatedRouteTree: "./src/app/route-tree.gen.ts",
  quoteStyle: "double",
};

/** Writes the route tree when it differs from what is on disk (the generator leaves an equal file untouched). */
export async function generateRouteTree(root = process.cwd()) {
  const config = getConfig(routeTreeOptions, root);
  await new Generator({ config, root }).run();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await generateRouteTree();
