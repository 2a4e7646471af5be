import { fileURLToPath } from "node:url";

import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

import { linguiMacro } from "./build/lingui-macro";

// `@/…` is src/, as in vite.config.ts; every project resolves it (server tests reach client modules through it)
const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), linguiMacro()],
        resolve: { alias },
        test: {
          name: "unit",
          environment: "happy-dom",
          environmentOptions: { happyDOM: { url: "http://127.0.0.1:8080/h5/" } },
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          globalSetup: ["tests/server/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // real server processes killed, stopped and failed over (tests/crash): minutes, one file at a time, apart
          // from the parallel unit and server tests so a loaded machine does not starve their timing
          name: "crash",
          environment: "node",
          include: ["tests/crash/**/*.test.ts"],
          testTimeout: 240_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
