import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

// Only sources that import a lingui macro need Babel; everything else is left to Vite's own transform.
const MACRO_IMPORT = /from\s+["']@lingui\/(core|react)\/macro["']/;
const SOURCE = /\.(tsx?|jsx?)$/;

/**
 * Compiles lingui's `t`/`Trans`/`plural` macros with Babel, keeping TypeScript and JSX for Vite. Written here
 * instead of using `@rolldown/plugin-babel`, whose every release declares Node 22 and would make each install
 * on Node 20 warn about its engine.
 */
export function linguiMacro(): Plugin {
  return {
    name: "lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      const path = id.split("?")[0]!;
      if (!SOURCE.test(path) || path.includes("/node_modules/") || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: path,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
