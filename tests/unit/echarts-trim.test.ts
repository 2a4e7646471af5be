import { describe, expect, test } from "vitest";
import realSort from "zrender/lib/core/timsort.js";

import { echartsTrim } from "../../build/echarts-trim";

// The build swaps three echarts modules for smaller code (build/echarts-trim.ts); here, that the swaps hold.
type Hook = (this: { error(message: string): never }, ...args: unknown[]) => unknown;
const plugin = echartsTrim();
const load = plugin.load as Hook;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
const stub = (path: string) => load.call(context, `/work/app/node_modules/${path}`) as string;

describe("the echarts build trim", () => {
  test("zrender's sort is swapped for the engine's stable sort, with the same order, stable ties and sub-ranges", async () => {
    const code = stub("zrender/lib/core/timsort.js");
    const { default: sort } = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as {
      default: typeof realSort;
    };
    // z order with many ties, as echarts sorts what it draws: ties must keep their insertion order
    const items = Array.from({ length: 500 }, (_, i) => ({ z: (i * 7919) % 13, order: i }));
    const byZ = (a: { z: number }, b: { z: number }) => a.z - b.z;
    const [mine, theirs] = [[...items], [...items]];
    sort(mine, byZ);
    realSort(theirs, byZ);
    expect(mine).toEqual(theirs);
    const [part, realPart] = [[...items], [...items]];
    sort(part, byZ, 100, 300);
    realSort(realPart, byZ, 100, 300);
    expect(part).toEqual(realPart);
  });

  test("the Chinese locale is the English one, and a decal fails loudly rather than drawing nothing", () => {
    expect(stub("echarts/lib/i18n/langZH.js")).toContain(`from "./langEN.js"`);
    expect(stub("echarts/lib/util/decal.js")).toContain("throw new Error");
    expect(load.call(context, "/work/app/node_modules/echarts/lib/util/graphic.js")).toBeUndefined();
  });

  test("the build fails when a swapped module is no longer there (an echarts release moved it)", () => {
    const fresh = echartsTrim();
    (fresh.load as Hook).call(context, "/x/node_modules/zrender/lib/core/timsort.js");
    expect(() => (fresh.buildEnd as Hook).call(context)).toThrow(/echarts\/lib\/i18n\/langZH\.js/);
    for (const path of ["echarts/lib/i18n/langZH.js", "echarts/lib/util/decal.js"])
      (fresh.load as Hook).call(context, `/x/node_modules/${path}`);
    expect(() => (fresh.buildEnd as Hook).call(context)).not.toThrow();
  });
});
