import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { settleDueOrders } from "#server/jobs/settlement";

import { api, HARNESS_START, loginDemo, startHarness } from "./harness";

const dataRoot = mkdtempSync(join(tmpdir(), "trading-crash-"));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("settlement after a crash", () => {
  // the second case keeps ticks for less than the downtime: the expiry's tick is older than the retention window
  // when it is recorded, and is kept because an order is due at it
  it.each([
    { case: "within the ticks' retention", retentionSeconds: undefined, folder: "kept" },
    { case: "longer than the ticks' retention", retentionSeconds: 300, folder: "pruned" },
  ])(
    "an order whose expiry passed while the server was down ($case) is void once on restart, stake and fee refunded in the ledger",
    async ({ retentionSeconds, folder }) => {
      const dataDir = join(dataRoot, folder);
      // first life: place a 60 s order, then die without any shutdown (its seeds die with it)
      const first = await startHarness({ dataDir, retentionSeconds });
      const token = await loginDemo(first);
      const btc = [...first.feed.products.values()].find((p) => p.code === "BTCUSDT")!.id;
      await first.advance(1);
      const cashBefore = (await api(first, "GET", "/api/user/index", {}, { token })).body.data.cash;
      const opened = await api(
        first,
        "POST",
        "/api/user/addorder",
        { pid: String(btc), direction: "down", seconds: "60", amount: "200", requestId: "crash-order-1" },
        { token },
      );
      expect(opened.body.code).toBe(1);
      const openPrice = first.feed.quote(btc)!.price;
      const expiresAt = opened.body.data.closeTime as number;
      await first.advance(10);
      await first.close();

      // second life, 10 minutes later: the catch-up fills the gap with a price that would make the order win,
      // but no commitment whose seed survived covers those seconds: they are recorded uncommitted
      const downtime = 600;
      const second = await startHarness({
        dataDir,
        retentionSeconds,
        start: HARNESS_START + 11 + downtime,
        prepare: (provider) => provider.queued.set(btc, Array(downtime + 10).fill(openPrice - 2500)),
      });
      const expiryTick = rows<{ uncommitted: boolean }>(
        await second.database.db.execute(`select uncommitted from ticks where product_id = ${btc} and time = ${expiresAt}` as never),
      );
      expect(expiryTick).toEqual([{ uncommitted: true }]);
      expect(await settleDueOrders(second.database.db, second.clock.now)).toBe(1);
      expect(await settleDueOrders(second.database.db, second.clock.now)).toBe(0);

      const order = (await api(second, "GET", "/api/user/get_this_order", { id: String(opened.body.data.id) }, { token })).body.data;
      expect(order).toMatchObject({ status: "void", voidReason: "uncommitted", result: null, closePrice: null });
      const cash = (await api(second, "GET", "/api/user/index", {}, { token })).body.data.cash;
      // stake and fee back: the cash is what it was before the order
      expect(cash).toBe(cashBefore);
      const refunds = rows<{ delta: string }>(
        await second.database.db.execute(
          `select delta from ledger where reference = 'order:${opened.body.data.id}' and reason = 'order_void'` as never,
        ),
      );
      expect(refunds).toHaveLength(1);
      await second.close();
    },
    60_000,
  );
});
