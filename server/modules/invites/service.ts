import { and, desc, eq } from "drizzle-orm";

import { centsToDecimal, maskMiddle } from "#contract/format";
import { type Invitation, INVITE_BONUS_MAX_CENTS, INVITE_BONUS_POLICIES, type InviteBonusPolicy } from "#contract/invites";

import type { Db, Tx } from "../../db/client";
import { ledger, recharges, settings, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";

const INVITE_KEY = "invite_bonus";

const INVITE_POLICY_KEY = "invite_bonus_policy";

async function inviteBonus(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, INVITE_KEY));
  return row ? Number(row.value) : 0;
}

async function inviteBonusPolicy(db: Db | Tx): Promise<InviteBonusPolicy> {
  const [row] = await db.select().from(settings).where(eq(settings.key, INVITE_POLICY_KEY));
  return (INVITE_BONUS_POLICIES as readonly string[]).includes(row?.value ?? "") ? (row!.value as InviteBonusPolicy) : "verification";
}

export async function setInviteBonus(ctx: ServiceContext, cents: number, policy?: InviteBonusPolicy) {
  if (cents > INVITE_BONUS_MAX_CENTS) throw new AppError("amount_too_large", { max: centsToDecimal(INVITE_BONUS_MAX_CENTS) }, "amount");
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: INVITE_KEY, value: String(cents) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(cents) } });
    if (policy)
      await tx
        .insert(settings)
        .values({ key: INVITE_POLICY_KEY, value: policy })
        .onConflictDoUpdate({ target: settings.key, set: { value: policy } });
  });
  return { bonusPerInvitee: centsToDecimal(cents), policy: await inviteBonusPolicy(ctx.db) };
}

/**
 * Pays the inviter's bonus for one invitee once the invitee qualifies, inside the caller's transaction (a
 * real-name approval or a recharge approval, which call it whatever the policy). An invitee qualifies only
 * after passing real-name verification, and under `first_recharge` also after a first approved recharge, so
 * the second of the two pays. Once per invitee whatever the policy was or becomes: the invitee's row is locked,
 * so two approvals at once take turns and the second finds the first one's ledger row `invitee:<id>`; a unique
 * index on that reference stops anything that slips past.
 */
export async function payInviteBonus(tx: Tx, inviteeId: number, now: number): Promise<void> {
  const [invitee] = await tx
    .select({ inviterId: users.inviterId, verified: users.verified })
    .from(users)
    .where(eq(users.id, inviteeId))
    .for("update");
  if (!invitee?.inviterId || !invitee.verified) return;
  if ((await inviteBonusPolicy(tx)) === "first_recharge") {
    const [recharged] = await tx
      .select({ id: recharges.id })
      .from(recharges)
      .where(and(eq(recharges.userId, inviteeId), eq(recharges.status, "success")))
      .limit(1);
    if (!recharged) return;
  }
  const bonus = await inviteBonus(tx);
  if (bonus <= 0) return;
  const reference = `invitee:${inviteeId}`;
  const [paid] = await tx
    .select({ id: ledger.id })
    .from(ledger)
    .where(and(eq(ledger.reason, "invite_bonus"), eq(ledger.reference, reference)))
    .limit(1);
  if (paid) return;
  await moveMoney(tx, invitee.inviterId, [{ account: "cash", delta: bonus, reason: "invite_bonus" }], reference, now);
}

/** The invitation activity is permanent: every invitee ever registered counts. */
export async function invitation(ctx: ServiceContext, user: UserRow): Promise<Invitation> {
  const invitees = await ctx.db
    .select({ id: users.id, account: users.account, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.inviterId, user.id))
    .orderBy(desc(users.id));
  const bonuses = await ctx.db
    .select({ reference: ledger.reference, delta: ledger.delta })
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.reason, "invite_bonus")));
  const bonusOf = (id: number) => bonuses.filter((b) => b.reference === `invitee:${id}`).reduce((total, b) => total + b.delta, 0);
  return {
    code: user.inviteCode,
    bonusPolicy: await inviteBonusPolicy(ctx.db),
    inviteeCount: invitees.length,
    bonusTotal: centsToDecimal(bonuses.reduce((total, b) => total + b.delta, 0)),
    bonusPerInvitee: centsToDecimal(await inviteBonus(ctx.db)),
    records: invitees.map((invitee) => ({
      account: maskMiddle(invitee.account),
      time: invitee.createdAt,
      bonus: centsToDecimal(bonusOf(invitee.id)),
    })),
  };
}
