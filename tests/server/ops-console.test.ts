import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { OPS_ROLES, type OpsRole } from "#contract/ops-roles";
import { operators } from "#server/db/schema";
import { createOperator } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { type Answer, api, type Harness, OPS_TOKEN, startHarness } from "./harness";

/**
 * The console's endpoints beyond the review queues: each refuses the roles outside its part of the back
 * office, and each write leaves one audit row with the state before and after.
 */
let h: Harness;
const PASSWORD = "operator-pass-1";
const cookies = {} as Record<OpsRole, string>;
const token = { "ops-token": OPS_TOKEN };

async function signIn(username: string, role: OpsRole) {
  await createOperator(h.database.db, { username, role, password: PASSWORD }, h.clock.now);
  const [row] = await h.database.db.select().from(operators).where(eq(operators.username, username));
  h.clock.now += 30;
  const fields: Record<string, string> = { username, password: PASSWORD };
  if (role === "admin" || role === "finance") fields.code = totpCode(username, row!.totpSecret, h.clock.now);
  const response = await h.app.inject({
    method: "POST",
    url: "/api/ops/login",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.json().code, response.body).toBe(1);
  return String(response.headers["set-cookie"]).split(";")[0]!;
}

const as = (role: OpsRole) => ({ cookie: cookies[role] });

/** Calls as each role: those in `allowed` (and admin) are not refused for their role, the others are, with 403. */
async function expectRoles(method: "GET" | "POST", path: string, fields: Record<string, string>, allowed: OpsRole[]) {
  for (const role of OPS_ROLES) {
    const answer = await api(h, method, path, fields, as(role));
    if (role === "admin" || allowed.includes(role)) expect(answer.body.err, `${role} ${path}`).not.toBe("ops_role_forbidden");
    else {
      expect(answer.body.err, `${role} ${path}`).toBe("ops_role_forbidden");
      expect(answer.status).toBe(403);
    }
  }
}

/** Runs a write as `role` and answers it with the one audit row it added (newest first). */
async function auditedWrite(role: OpsRole, path: string, fields: Record<string, string>) {
  const action = `POST ${path}`;
  const rows = async () => (await api(h, "GET", "/api/ops/audit", { action }, token)).body.data as Array<Record<string, any>>;
  const before = (await rows()).length;
  const answer: Answer = await api(h, "POST", path, fields, as(role));
  expect(answer.body.code, `${path}: ${answer.body.msg}`).toBe(1);
  const after = await rows();
  expect(after.length, path).toBe(before + 1);
  return { answer, row: after[0]! };
}

beforeAll(async () => {
  h = await startHarness();
  for (const role of OPS_ROLES) cookies[role] = await signIn(`${role}-console`, role);
}, 120_000);
afterAll(() => h?.close());

describe("products", () => {
  it("lists name, requote tolerance and max quote age to finance, changes them for admin only, audited", async () => {
    await expectRoles("GET", "/api/ops/products", {}, ["finance"]);
    const fields = { pid: "1", requoteToleranceBps: "25", maxQuoteAgeSeconds: "4" };
    await expectRoles("POST", "/api/ops/product/quoting", { pid: "1" }, []);
    for (const role of ["finance", "support", "content"] as const) {
      expect((await api(h, "POST", "/api/ops/product/quoting", fields, as(role))).body.err).toBe("ops_role_forbidden");
    }
    const before = (await api(h, "GET", "/api/ops/products", {}, as("finance"))).body.data[0];
    expect(before).toMatchObject({ id: 1, requoteToleranceBps: 10, maxQuoteAgeSeconds: 2 });
    expect(typeof before.name).toBe("string");
    const { row } = await auditedWrite("admin", "/api/ops/product/quoting", fields);
    expect(row.before).toMatchObject({ requoteToleranceBps: 10, maxQuoteAgeSeconds: 2 });
    expect(row.after).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
    expect(row.actor).toBe("admin-console");
    // the feed's copy is the one orders read
    expect(h.feed.products.get(1)).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
    for (const bad of [
      { pid: "1", requoteToleranceBps: "501", maxQuoteAgeSeconds: "2" },
      { pid: "1", requoteToleranceBps: "10", maxQuoteAgeSeconds: "0" },
      { pid: "1", requoteToleranceBps: "10", maxQuoteAgeSeconds: "31" },
    ]) {
      expect((await api(h, "POST", "/api/ops/product/quoting", bad, token)).body.err, JSON.stringify(bad)).toBe("invalid_input");
    }
    expect(h.feed.products.get(1)).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
  });
});

describe("yuebao plans", () => {
  it("lists every plan to finance with what earns in it; an edit is audited field by field and a disabled plan stays listed", async () => {
    await expectRoles("GET", "/api/ops/plans", {}, ["finance"]);
    await expectRoles("POST", "/api/ops/plan", {}, ["finance"]);
    const plans = (await api(h, "GET", "/api/ops/plans", {}, as("finance"))).body.data;
    expect(plans.length).toBeGreaterThan(0);
    const plan = plans[0];
    expect(plan).toMatchObject({ enabled: true, earning: 0, earningPrincipal: "0.00" });
    expect(plan.dailyRate).toMatch(/^0\.\d{6}$/);
    const fields = { id: String(plan.id), title: "Renamed", dailyRate: "0.002", days: "9", minAmount: "250", enabled: "0" };
    const { answer, row } = await auditedWrite("finance", "/api/ops/plan", fields);
    expect(answer.body.data).toMatchObject({
      id: plan.id,
      title: "Renamed",
      dailyRate: "0.002000",
      days: 9,
      minAmount: "250.00",
      enabled: false,
    });
    expect(row.target).toBe(`plan:${plan.id}`);
    expect(row.before).toMatchObject({ title: plan.title, dailyRate: plan.dailyRate, enabled: true });
    expect(row.after).toMatchObject({ title: "Renamed", enabled: false });
    const again = (await api(h, "GET", "/api/ops/plans", {}, as("finance"))).body.data;
    expect(again.find((p: { id: number }) => p.id === plan.id)).toMatchObject({ title: "Renamed", enabled: false });
  });
});
