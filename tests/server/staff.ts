import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";

import type { OpsRole } from "#contract/operators";
import { opsEndpoints } from "#contract/ops";
import type { Db } from "#server/db/client";
import { operators } from "#server/db/schema";
import type { ServiceContext } from "#server/modules/context";
import { AppError } from "#server/modules/errors";
import { type MoneySettings, updateMoneySettings } from "#server/modules/money/settings";
import { createOperator } from "#server/modules/operators/service";
import { operatorLogin } from "#server/modules/operators/sign-in";
import { totpCode } from "#server/modules/operators/totp";

import { api, type Harness, type Served, startHarness } from "./harness";

const STAFF_PASSWORD = "staff-pass-1";
/** a session is renewed once the test's clock has moved this far, well inside the console's idle limit */
const RENEW_AFTER_SECONDS = 10 * 60;

interface Site {
  database: { db: Db };
  ctx: ServiceContext;
  clock: { now: number };
}

const sessions = new WeakMap<Db, Map<string, { cookie: Promise<string>; at: number }>>();

/**
 * The cookie header of a named person of `role` (made on first use), signed in with password and authenticator
 * code as the console and the CLI sign in. For what the machine token may not do: approve, reject, move money,
 * change the money rules. A test that needs two different people asks for two names.
 */
export async function staff(site: Site, role: OpsRole = "admin", name = `staff-${role}`): Promise<{ cookie: string }> {
  const db = site.database.db;
  const known = sessions.get(db) ?? new Map<string, { cookie: Promise<string>; at: number }>();
  sessions.set(db, known);
  const cached = known.get(name);
  if (cached && site.clock.now >= cached.at && site.clock.now - cached.at < RENEW_AFTER_SECONDS) return { cookie: await cached.cookie };
  // kept while it is made: requests started together share one sign-in (an authenticator code is good once)
  const cookie = signIn(site, role, name);
  known.set(name, { cookie, at: site.clock.now });
  return { cookie: await cookie };
}

async function signIn(site: Site, role: OpsRole, name: string): Promise<string> {
  const db = site.database.db;
  try {
    await createOperator(db, { username: name, role, password: STAFF_PASSWORD }, site.clock.now);
  } catch (error) {
    if (!(error instanceof AppError && error.key === "operator_exists")) throw error;
  }
  const [row] = await db.select().from(operators).where(eq(operators.username, name));
  const { token } = await operatorLogin(site.ctx, {
    username: name,
    password: STAFF_PASSWORD,
    code: totpCode(name, row!.totpSecret, site.clock.now),
    address: "10.7.0.1",
  });
  return `ops_session=${token}`;
}

/**
 * An operator endpoint by method and path, called by a signed-in admin (staff): the one operator call of the
 * tests. The machine token approves, moves money and changes money rules no more, so the call is a person's;
 * a loosening money-rule change through it waits for a second admin (setMoneyRulesByTwo).
 */
export const opsCall = async (site: Site & Served, method: "GET" | "POST", path: string, fields: Record<string, string> = {}) =>
  api(site, method, path, fields, await staff(site));

/**
 * Sets money rules for a test's setup straight in the settings, as a second admin's approval would leave them:
 * what the test is about is then not the two-admin rule for loosening (tests/server/two-person.test.ts is).
 */
export async function presetMoneyRules(site: { database: { db: Db } }, change: Partial<MoneySettings>): Promise<void> {
  await updateMoneySettings(site.database.db, change);
}

/**
 * The set-up of a file of money tests: a harness for the file on which withdrawals go at any hour, up to 100 a
 * day, so no test depends on the clock. Read `site.h` inside a test.
 */
export function anyHourMoneyPerFile(): { h: Harness } {
  const site = {} as { h: Harness };
  beforeAll(async () => {
    site.h = await startHarness();
    await presetMoneyRules(site.h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  }, 120_000);
  afterAll(() => site.h?.close());
  return site;
}

/**
 * Changes the money rules as the console does, and has a second admin approve whatever the change left pending
 * (a loosening): for tests whose subject is what the rules then do. Answers the last answer.
 */
export async function setMoneyRulesByTwo(site: Site & Served, fields: Record<string, string>) {
  const proposed = await api(site, opsEndpoints.setMoneyRules, fields, await staff(site, "admin", "rules-admin-a"));
  let last = proposed;
  if (proposed.body.code !== 1) return proposed;
  for (const change of proposed.body.data.pendingChanges)
    last = await api(
      site,
      opsEndpoints.decideMoneyRuleChange,
      { id: String(change.id), decision: "approve" },
      await staff(site, "admin", "rules-admin-b"),
    );
  return last;
}
