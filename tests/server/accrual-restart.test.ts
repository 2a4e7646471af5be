import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { accrueInterest } from "#server/jobs/accrual";

import { api, loginDemo, OPS_TOKEN, rid, startHarness } from "./harness";

const dataDir = mkdtempSync(join(tmpdir(), "trading-accrual-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("yuebao accrual across restarts", () => {
  it("credits each day exactly once when the server restarts, however often the job runs", async () => {
    const first = await startHarness({ dataDir });
    const token = await loginDemo(first);
    // the operator adds a plan; it is what the customer joins
    const plan = await api(
      first,
      "POST",
      "/api/ops/plan",
      { title: "Restart 5", dailyRate: "0.001", days: "5", minAmount: "100" },
      { "ops-token": OPS_TOKEN },
    );
    expect(plan.body.code).toBe(1);
    const joined = await api(
      first,
      "POST",
      "/api/user/yebjoinnow",
      { requestId: rid(), planId: String(plan.body.data.id), amount: "1000", payPassword: "246810" },
      { token },
    );
    expect(joined.body.data.status).toBe("earning");
    first.clock.now += 2 * 86400;
    await accrueInterest(first.database.db, first.clock.now);
    // the second life fills the feed's gap second by second: one product keeps that quick on a loaded machine
    await first.database.db.execute("delete from seconds_options where product_id <> (select min(id) from products)" as never);
    await first.database.db.execute("delete from products where id <> (select min(id) from products)" as never);
    await first.close();

    // a second life, one day later: the missed day is added, the two already credited are not
    const second = await startHarness({ dataDir, start: first.clock.now + 86400 });
    await accrueInterest(second.database.db, second.clock.now);
    await Promise.all([accrueInterest(second.database.db, second.clock.now), accrueInterest(second.database.db, second.clock.now)]);
    const info = (await api(second, "GET", "/api/user/yuebaoinfo", {}, { token })).body.data;
    expect(info.subscriptions[0]).toMatchObject({ profit: "3.00", status: "earning" });
    expect(info.subscriptions[0].profitByDay).toEqual([
      [1, "1.00"],
      [2, "2.00"],
      [3, "3.00"],
    ]);
    expect((await api(second, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS_TOKEN })).body.data.ok).toBe(true);
    await second.close();
  }, 60_000);
});
