import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

import { documentHead } from "./build/document-head";
import { EARLY_START_INPUT, earlyStart } from "./build/early-start";
import { echartsTrim } from "./build/echarts-trim";
import { linguiMacro } from "./build/lingui-macro";
import { moduleSizes } from "./build/module-sizes";
import { paintFirst } from "./build/paint-first";
import { precompress } from "./build/precompress";
import { prerenderShell } from "./build/prerender-shell";
import { routeTreeOptions } from "./scripts/route-tree.mjs";

const sourceRoot = fileURLToPath(new URL("./src", import.meta.url));
const packageVersion: string = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).version;
const manifest = JSON.parse(readFileSync(new URL("./manifest.webmanifest", import.meta.url), "utf8"));
// What the first screen (Home) runs: route definitions (not the split page code), the libraries every start
// needs, and Home's own modules. One chunk instead of a dozen small requests, and it compresses better whole.
const shellModules = [
  /\/src\/routes\/[^?]*$/,
  // (not src/app/deferred/: what the shell starts after the first render, such as the worker's registration)
  /\/src\/(app|offline)\/[^/]+$/,
  /\/src\/i18n\/[^/]+$/,
  /\/src\/api\/(client|session|current-user|user-info|early-answers)\.ts$/,
  /\/src\/workers\/quotes\.ts$/,
  // RowArt (glyphs and sparklines) stays a chunk of its own, fetched as the shell starts
  /\/src\/features\/(home|markets)\/(?!RowArt)[^/]+$/,
  /\/src\/features\/content\/(HomeContent|api)\.tsx?$/,
  /\/src\/ui\/(OfflineBanner|Empty|Icons|MarketText|toast|ToastHost|PageSkeleton|ProgressBar|RetryButton)\.tsx?$/,
  /\/contract\/(paths|constants|languages|markets|content|envelope)\.ts$/,
  /\/node_modules\/(react|react-dom|scheduler|@tanstack|jotai|@lingui|idb-keyval|use-sync-external-store)\//,
];
const isShellModule = (id: string) => shellModules.some((pattern) => pattern.test(id));
// `@/…` is src/ (contract/ and server/ come through package.json "imports": #contract/…, #server/…)
// React 19 has useSyncExternalStore built in: the router store's selector hook needs no shim for old React
const alias = { "@": sourceRoot, "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector" };
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  base: "/h5/",
  // shown on Mine; a deploy may label its build (APP_VERSION=1.4.2+abc123 npm run build)
  define: { __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? packageVersion) },
  plugins: [
    documentHead({ coverNotch: true }),
    prerenderShell({ alias }),
    earlyStart(),
    paintFirst(),
    tanstackRouter(routeTreeOptions),
    react(),
    linguiMacro(),
    moduleSizes(),
    echartsTrim(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest,
      includeAssets: ["favicon.svg", "robots.txt"],
      injectManifest: {
        // every route chunk and locale catalog, so the whole app opens offline after one visit
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,txt}"],
        // (the shell in other languages is for the server to write into a page load's document)
        globIgnores: ["screenshots/**", "static-shell/**"],
      },
      devOptions: { enabled: false },
    }),
    // last: compresses what every plugin above wrote, the service worker included
    precompress(),
  ],
  resolve: {
    alias,
  },
  build: {
    target: "es2022",
    // every browser the app supports (ES2022 modules) preloads modules natively: no polyfill in the entry
    modulePreload: { polyfill: false },
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      input: EARLY_START_INPUT,
      output: {
        codeSplitting: {
          groups: [{ name: "app-shell", test: (id: string) => isShellModule(id) }],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
