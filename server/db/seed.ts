import type { Db } from "./client";
import { postEntries } from "./ledger";
import { settings, users } from "./schema";

export const DEMO_ACCOUNT = "demo";
export const DEMO_PASSWORD = "demo1234";
export const DEMO_PAY_PASSWORD = "246810";
const DEMO_INVITE_CODE = "DEMO88";
const DEMO_PHONE = "13800138000";
const DEMO_CASH_CENTS = 10_000_00;

/**
 * Creates the demo customer with its starting cash (a ledger row), once per database: the `seeded` settings row
 * is claimed in the same transaction, so a restart, or a second process starting at the same moment, never
 * makes it twice. Whether to call it at all is the caller's (`SEED_DEMO`); the catalogue is seeded elsewhere
 * and no operator is ever seeded. The password hashes are passed in so this module stays below the services.
 */
export async function seedOnce(
  ctx: { db: Db; now: () => number },
  hashes: { password: string; payPassword: string },
  // a verified demo passes the first-withdrawal rule (a real-name check before money leaves) as a real customer would
  options: { verified?: boolean } = {},
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // Claiming the marker first makes a concurrent second seeder (another process) back off.
    const claimed = await tx
      .insert(settings)
      .values({ key: "seeded", value: String(now) })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return false;
    const [demo] = await tx
      .insert(users)
      .values({
        account: DEMO_ACCOUNT,
        passwordHash: hashes.password,
        payPasswordHash: hashes.payPassword,
        phone: DEMO_PHONE,
        verifiedPhone: DEMO_PHONE,
        inviteCode: DEMO_INVITE_CODE,
        name: "Demo",
        verified: options.verified ?? false,
        createdAt: now,
      })
      .returning({ id: users.id });
    if (!demo) throw new Error("demo account was not created");
    await postEntries(tx, [{ userId: demo.id, account: "cash", delta: DEMO_CASH_CENTS, reason: "seed", reference: null, createdAt: now }]);
    return true;
  });
}
