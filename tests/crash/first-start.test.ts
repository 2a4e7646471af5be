import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { type ServerProcess, startServerProcess } from "../e2e/server-process";

/**
 * A first start as `npm start` makes it: no operator with a published password exists, no
 * secret reaches the log, and the first admin comes from a one-time code in a file of the data folder that
 * only its owner reads. The catalogue is seeded on every fresh database; the demo customer only with
 * SEED_DEMO.
 */
const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServerProcess({ BACKFILL_MINUTE_DAYS: "0.02", ...env }, { dataDir });
  servers.push(server);
  return server;
}

async function call(server: ServerProcess, method: "GET" | "POST", path: string, fields: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const url = method === "GET" ? `${server.baseUrl}${path}?${body}` : `${server.baseUrl}${path}`;
  const response = await fetch(url, { method, body: method === "POST" ? body : undefined });
  return (await response.json()) as { code: number; err?: string; msg: string; data: any };
}

/** Every secret-looking thing a start-up log must not hold. */
function expectNoSecrets(output: string, setupCode?: string) {
  expect(output).not.toMatch(/otpauth:|secret=/i);
  expect(output).not.toContain("demo-admin-1234");
  expect(output).not.toMatch(/Demo admin|Demo TOTP/);
  if (setupCode) expect(output).not.toContain(setupCode);
}

describe("first start", () => {
  it("without demo data: seeds the catalogue, no customer and no operator; the setup code is in a 0600 file, not the log", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trading-first-"));
    folders.push(dataDir);
    const server = await start(dataDir, { SEED_DEMO: "0" });
    const file = join(dataDir, "ops-setup-code");
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const code = readFileSync(file, "utf8").trim();
    expect(code).toMatch(/^[\w-]{12}$/);
    const output = server.output();
    expectNoSecrets(output, code);
    expect(output).toContain(`Ops setup:  no operator yet; a one-time setup code is in ${file}`);
    // the catalogue is there to trade, the demo customer is not
    const products = await call(server, "GET", "/api/index/ajaxdata");
    expect(products.code).toBe(1);
    expect(JSON.stringify(products.data)).toContain("BTC");
    expect((await call(server, "POST", "/api/login/index", { account: "demo", password: "demo1234" })).code).toBe(0);
    // the published demo operator does not exist
    expect((await call(server, "POST", "/api/ops/login", { username: "admin", password: "demo-admin-1234" })).err).toBe("ops_login_failed");
    const created = await call(server, "POST", "/api/ops/setup", {
      setupCode: code,
      username: "first-admin",
      password: "first desk passphrase",
    });
    expect(created.data).toMatchObject({ username: "first-admin", role: "admin" });
    expect(
      (await call(server, "POST", "/api/ops/setup", { setupCode: code, username: "second-admin", password: "first desk passphrase" })).err,
    ).toBe("ops_setup_invalid");
    await server.stop();
    // once an operator exists, a start neither issues a code nor leaves the old file behind
    const again = await start(dataDir, { SEED_DEMO: "0" });
    expect(existsSync(file)).toBe(false);
    expect(again.output()).not.toContain("Ops setup:");
    expectNoSecrets(again.output(), code);
  });

  it("with demo data (the default): the demo customer, still no operator, and a setup code that the log does not show", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "trading-first-demo-"));
    folders.push(dataDir);
    const server = await start(dataDir);
    const code = readFileSync(join(dataDir, "ops-setup-code"), "utf8").trim();
    expectNoSecrets(server.output(), code);
    expect((await call(server, "POST", "/api/login/index", { account: "demo", password: "demo1234" })).code).toBe(1);
    expect((await call(server, "POST", "/api/ops/login", { username: "admin", password: "demo-admin-1234" })).err).toBe("ops_login_failed");
  });
});
