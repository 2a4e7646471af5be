import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SimulatedProvider } from "#server/market/provider";

import { type Harness, loginDemo, placeOrder, productId, startHarness } from "./harness";

const SCRIPT = fileURLToPath(new URL("../../scripts/verify.mjs", import.meta.url));

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs the shell verifier as a child process (the app answers from this process meanwhile). */
function verify(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, out: `${stdout}${stderr}` });
    });
  });
}

describe("npm run verify, the outside verifier, against a running server", () => {
  let h: Harness;
  let server: string;
  let token: string;
  let btc: number;
  let orderId: number;
  let exitTime: number;

  beforeAll(async () => {
    h = await startHarness({ provider: new SimulatedProvider() });
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    server = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    token = await loginDemo(h);
    btc = productId(h.feed, "BTCUSDT");
    await h.advance(2);
    const placed = await placeOrder(h, token, btc, { seconds: "60" });
    expect(placed.body.code).toBe(1);
    orderId = placed.body.data.id;
    exitTime = placed.body.data.closeTime;
    // past the exit minute and the grace: settled, and both minutes' seeds revealed
    await h.advance(150);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it("passes every step of a settled order and of a whole minute", async () => {
    const order = await verify(["--server", server, "--order", String(orderId), "--token", token]);
    expect(order.out).toContain("exit: SHA-256(seed ‖ params) = commitment");
    expect(order.out).toContain("exit: the minute's head");
    expect(order.out).not.toContain("FAIL");
    expect(order.code).toBe(0);
    const minute = await verify(["--server", server, "--minute", String(Math.floor(exitTime / 60) * 60)]);
    expect(minute.out).toMatch(new RegExp(`PASS  product ${btc}: tick \\d+ derived`));
    expect(minute.out).not.toContain("FAIL");
    expect(minute.code).toBe(0);
  }, 120_000);

  it("refuses to check an order still holding, and a wrong call, with status 2", async () => {
    const holding = await placeOrder(h, token, btc, { seconds: "60" });
    expect((await verify(["--server", server, "--order", String(holding.body.data.id), "--token", token])).code).toBe(2);
    expect((await verify(["--server", server, "--order", "1"])).code).toBe(2);
    expect((await verify(["--server", "http://127.0.0.1:9", "--minute", "1800000000"])).code).toBe(2);
  }, 120_000);

  it("names the failing step when a recorded tick is changed", async () => {
    const [tick] = rows<{ price: string }>(
      await h.database.db.execute(`select price from ticks where product_id = ${btc} and time = ${exitTime}` as never),
    );
    await h.database.db.execute(`update ticks set price = price + 1 where product_id = ${btc} and time = ${exitTime}` as never);
    try {
      const order = await verify(["--server", server, "--order", String(orderId), "--token", token]);
      expect(order.out).toContain(`FAIL  exit: tick ${exitTime} derived from`);
      expect(order.out).toContain(`FAIL  exit: chain link at ${exitTime}`);
      expect(order.code).toBe(1);
      const minute = await verify(["--server", server, "--minute", String(exitTime), "--pid", String(btc)]);
      expect(minute.out).toContain(`FAIL  product ${btc}: tick ${exitTime} derived from`);
      expect(minute.code).toBe(1);
    } finally {
      await h.database.db.execute(`update ticks set price = ${tick!.price} where product_id = ${btc} and time = ${exitTime}` as never);
    }
  }, 120_000);

  it("names the failing step when a revealed seed is changed", async () => {
    const minute = Math.floor(exitTime / 60);
    const [reveal] = rows<{ seed: string }>(await h.database.db.execute(`select seed from fair_reveals where minute = ${minute}` as never));
    const changed = reveal!.seed.slice(0, 63) + (reveal!.seed.endsWith("0") ? "1" : "0");
    await h.database.db.execute(`update fair_reveals set seed = '${changed}' where minute = ${minute}` as never);
    try {
      const order = await verify(["--server", server, "--order", String(orderId), "--token", token]);
      expect(order.out).toContain("FAIL  exit: SHA-256(seed ‖ params) = commitment");
      expect(order.code).toBe(1);
      const whole = await verify(["--server", server, "--minute", String(minute * 60)]);
      expect(whole.out).toMatch(/FAIL {2}commitment [0-9a-f]{12}: SHA-256\(seed ‖ params\) = commitment/);
      expect(whole.code).toBe(1);
    } finally {
      await h.database.db.execute(`update fair_reveals set seed = '${reveal!.seed}' where minute = ${minute}` as never);
    }
    expect((await verify(["--server", server, "--order", String(orderId), "--token", token])).code).toBe(0);
  }, 120_000);
});
