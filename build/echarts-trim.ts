import type { Plugin } from "vite";

/**
 * Parts of echarts' core swapped in the build for less code: KB off the chunk the profit and asset charts
 * share (the trade screen's K-line draws on its own canvas, without echarts).
 * - zrender's timsort, which sorts what is drawn by z order: the engine's own sort is a stable timsort too (every
 *   browser since ES2019), so the same order from a line of code.
 * - The Chinese locale (the English one stays): echarts' own words for its toolbox, data zoom, legend selector,
 *   aria descriptions and time-axis months. The app's charts show none of them: their labels are the app's own,
 *   translated by lingui.
 * - Decal patterns (hatching for colour-blind readers), built only for a series or legend item given a `decal`
 *   style or with echarts' aria decals on, neither of which any chart sets. A chart that sets one fails loudly.
 * The build fails if a stub replaced nothing: an echarts release moved the module, and this list needs a look.
 */
const stubs = new Map([
  [
    "zrender/lib/core/timsort.js",
    `export default function sort(array, compare, lo = 0, hi = array.length) {
      if (lo === 0 && hi === array.length) array.sort(compare);
      else array.splice(lo, hi - lo, ...array.slice(lo, hi).sort(compare));
    }`,
  ],
  ["echarts/lib/i18n/langZH.js", `export { default } from "./langEN.js";`],
  [
    "echarts/lib/util/decal.js",
    `export function createOrUpdatePatternFromDecal() { throw new Error("echarts decal patterns are not in this build (build/echarts-trim.ts)"); }`,
  ],
]);

export function echartsTrim(): Plugin {
  const replaced = new Set<string>();
  return {
    name: "echarts-trim",
    apply: "build",
    enforce: "pre",
    load(id) {
      for (const [path, code] of stubs) {
        if (!id.endsWith(`/node_modules/${path}`)) continue;
        replaced.add(path);
        return code;
      }
      return undefined;
    },
    buildEnd() {
      const missing = [...stubs.keys()].filter((path) => !replaced.has(path));
      if (missing.length) this.error(`echarts-trim: no module ${missing.join(", ")} in the build; see build/echarts-trim.ts`);
    },
  };
}
