import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

// Deep relative paths hide where a module lives: past two levels, say it by alias (@/ is src/, #contract/ and
// #server/ come from package.json "imports").
const shallow = { regex: "^(\\.\\./){3,}", message: "climbs more than two levels: import through @/, #contract/ or #server/" };

/** The one-way import rule (docs/architecture.md), as forbidden import patterns per layer. */
const forbid = (files, patterns) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: [shallow, ...patterns] }] },
});
const layer = (name, message) => ({ group: [`**/${name}`, `**/${name}/**`], message });
/**
 * Balances and ledger rows are written by server/db/ledger.ts alone (tests/unit/one-ledger-writer.test.ts). It
 * sits in the db layer so the settlement and accrual jobs and the seed, which may not import services, book
 * money through it too; services go through moveMoney in server/modules/ledger, which turns an overdraft into
 * the customer's refusal.
 */
const ledgerWriter = {
  group: ["**/db/ledger", "**/db/ledger.ts", "**/db/order-voids", "**/db/order-voids.ts"],
  message: "services book money with moveMoney from server/modules/ledger, not with the db-level ledger writer",
};

/** Jobs run the rules; what a service or the feed shares with them lives in server/db, below all three. */
const notJobs = layer("jobs", "a rule shared with a job lives in server/db, which both may import");

/** The server reads what it shares with the PWA from contract/ and locales/, never from src/. */
const notTheApp = {
  group: ["**/src", "**/src/**", "@/**"],
  message: "the server does not import the PWA: shared code lives in contract/, catalogs in locales/",
};

/** The PWA does not ship the validator: from contract schemas (and zod) the client takes types only. */
const noZodInClient = {
  group: ["zod", "#contract/schemas/**", "**/contract/schemas/**", "#contract/endpoints", "#contract/ops"],
  allowTypeImports: true,
  message:
    "the client imports types only from zod schemas (contract/schemas); shapes and checks it runs live beside them in contract/<domain>.ts",
};

/**
 * The console is an app of its own: it imports the contract (its shapes, paths and answers, without zod) and its
 * own files. A piece it shares with the PWA moves to contract/, or the console has its own.
 */
const consoleOnly = [
  { group: ["@/**", "**/src", "**/src/**"], message: "the console does not import the PWA: shared code lives in contract/" },
  { group: ["#server/**", "**/server", "**/server/**"], message: "the console talks to the server over HTTP only" },
  noZodInClient,
];

/** Every tsconfig of the tree, so the import resolver knows each side's aliases (@/, #contract/, #server/). */
const projects = ["tsconfig.app.json", "sw/tsconfig.json", "server/tsconfig.json", "tests/tsconfig.json", "console/tsconfig.json"];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "dist-ops/**",
      "console/locales/*.ts",
      "node_modules/**",
      "dev-dist/**",
      "src/app/route-tree.gen.ts",
      "locales/**",
      "reports/**",
      ".tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  forbid(["**/*.{ts,tsx,mjs,js}"], []),
  forbid(["src/**/*.{ts,tsx}"], [noZodInClient]),
  {
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": "error", "simple-import-sort/exports": "error" },
  },
  // a module that reaches itself through its imports runs with some of them half-initialised, and the cycle
  // hides which of the two is the lower layer
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    plugins: { "import-x": importX },
    settings: {
      // the plugin's TypeScript settings (which files it parses), with a resolver that knows every tsconfig
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // the rules of hooks; the React Compiler's stricter checks stay off, as the app does not use the compiler
  {
    files: ["src/**/*.{ts,tsx}", "console/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  // one naming style: React components in PascalCase files, every other module in kebab-case; route files
  // mirror the app's URLs (src/routes) and generated files keep their generators' names
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    ignores: ["src/routes/**", "**/*.gen.ts", "**/*.d.mts"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.tsx": "PASCAL_CASE", "**/*.{ts,mjs,js}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  { files: ["src/main.tsx"], rules: { "check-file/filename-naming-convention": "off" } },
  {
    files: ["scripts/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly" } },
  },
  // contract is shared by both sides and depends on neither
  forbid(
    ["contract/**"],
    [
      layer("src", "contract must not depend on the PWA"),
      layer("server", "contract must not depend on the server"),
      layer("console", "contract must not depend on the console"),
      { group: ["@/**", "#server/**"], message: "contract depends on neither side" },
    ],
  ),
  // the console: the contract and its own files
  forbid(["console/**/*.{ts,tsx}"], consoleOnly),
  // shared client layers never reach up into features, routes or the app shell
  forbid(
    ["src/ui/**", "src/api/**", "src/i18n/**", "src/offline/**", "src/workers/**"],
    [
      layer("features", "shared layers must not import features"),
      layer("routes", "shared layers must not import routes"),
      layer("app", "shared layers must not import the app shell"),
      noZodInClient,
    ],
  ),
  // a feature never reaches into another feature, nor up into routes or the shell
  forbid(
    ["src/features/*/*.{ts,tsx}"],
    [
      { regex: "^\\.\\./(?!\\.\\.)", message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      { group: ["@/features/**"], message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      layer("routes", "features must not import routes"),
      layer("app", "features must not import the app shell"),
      noZodInClient,
    ],
  ),
  forbid(
    ["src/features/*/*/*.{ts,tsx}"],
    [
      { regex: "^\\.\\./\\.\\./(?!\\.\\.)", message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      { group: ["@/features/**"], message: "a feature must not import another feature; move the shared piece to ui/ or api/" },
      layer("routes", "features must not import routes"),
      layer("app", "features must not import the app shell"),
      noZodInClient,
    ],
  ),
  // server: http → modules → market/jobs → db
  forbid(["server/**"], [notTheApp]),
  forbid(["server/http/**"], [ledgerWriter, notTheApp]),
  // the jobs run on the leader alone: a rule a service shares with a job lives below both, in server/db
  forbid(["server/modules/**"], [layer("http", "modules must not import the http layer"), notJobs, ledgerWriter, notTheApp]),
  // the ledger module is the services' one door to the writer
  forbid(["server/modules/ledger/**"], [layer("http", "modules must not import the http layer"), notJobs, notTheApp]),
  forbid(
    ["server/market/**"],
    [layer("http", "market sits below http"), layer("modules", "market sits below modules"), notJobs, notTheApp],
  ),
  forbid(["server/jobs/**"], [layer("http", "jobs sit below http"), layer("modules", "jobs sit below modules"), notTheApp]),
  forbid(
    ["server/db/**"],
    [
      layer("http", "db is the bottom layer"),
      layer("modules", "db is the bottom layer"),
      layer("market", "db is the bottom layer"),
      layer("jobs", "db is the bottom layer"),
      notTheApp,
    ],
  ),
);
