import { fileURLToPath } from "node:url";

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

import { documentHead } from "./build/document-head";
import { linguiMacro } from "./build/lingui-macro";
import { precompress } from "./build/precompress";

// The back-office console: a build of its own (served at /ops/), so the customer app's bundle, service
// worker and size budgets never see it.
export default defineConfig({
  root: fileURLToPath(new URL("./console", import.meta.url)),
  base: "/ops/",
  plugins: [documentHead(), react(), linguiMacro(), precompress()],
  // @/ only for the content preview, which renders the customer's own detail page (the one import of the PWA
  // the console's lint layer allows)
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    target: "es2022",
    outDir: fileURLToPath(new URL("./dist-ops", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
});
