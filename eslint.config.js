import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** The one-way import rule (docs/architecture.md), as forbidden import patterns per layer. */
const forbid = (files, patterns) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
const layer = (name, message) => ({ group: [`**/${name}`, `**/${name}/**`], message });

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "dev-dist/**", "src/app/route-tree.gen.ts", "src/i18n/locales/**", "reports/**", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly" } },
  },
  // contract is shared by both sides and depends on neither
  forbid(["contract/**"], [layer("src", "contract must not depend on the PWA"), layer("server", "contract must not depend on the server")]),
  // shared client layers never reach up into features, routes or the app shell
  forbid(
    ["src/ui/**", "src/api/**", "src/i18n/**", "src/offline/**", "src/workers/**"],
    [
      layer("features", "shared layers must not import features"),
      layer("routes", "shared layers must not import routes"),
      layer("app", "shared layers must not import the app shell"),
    ],
  ),
  // a feature never reaches into another feature, nor up into routes or the shell
  forbid(
    ["src/features/*/*.{ts,tsx}"],
    [
      { regex: "^\\.\\./(?!\\.\\.)", message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      layer("routes", "features must not import routes"),
      layer("app", "features must not import the app shell"),
    ],
  ),
  forbid(
    ["src/features/*/*/*.{ts,tsx}"],
    [
      { regex: "^\\.\\./\\.\\./(?!\\.\\.)", message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      layer("routes", "features must not import routes"),
      layer("app", "features must not import the app shell"),
    ],
  ),
  // server: http → modules → market/jobs → db
  forbid(["server/modules/**"], [layer("http", "modules must not import the http layer")]),
  forbid(
    ["server/market/**", "server/jobs/**"],
    [layer("http", "market/jobs sit below http"), layer("modules", "market/jobs sit below modules")],
  ),
  forbid(
    ["server/db/**"],
    [
      layer("http", "db is the bottom layer"),
      layer("modules", "db is the bottom layer"),
      layer("market", "db is the bottom layer"),
      layer("jobs", "db is the bottom layer"),
    ],
  ),
);
