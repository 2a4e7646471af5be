// `npm run dev`: the API server on :8080 and Vite's dev server (hot reload, /api proxied to it) together.
import { spawn, spawnSync } from "node:child_process";

spawnSync("node_modules/.bin/lingui", ["compile", "--typescript"], { stdio: "inherit" });
const port = process.env.PORT ?? "8080";
const children = [
  spawn("node_modules/.bin/tsx", ["watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: port } }),
  spawn("node_modules/.bin/vite", [], { stdio: "inherit", env: { ...process.env, API_URL: `http://127.0.0.1:${port}` } }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) => child.on("exit", stop));
