import { and, desc, eq, inArray, ne } from "drizzle-orm";

import { maskMiddle } from "#contract/format";
import { type VerificationState, type VerificationStatus } from "#contract/identity";
import { isAdultResidentId } from "#contract/resident-id";

import { users, verifications } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { payInviteBonus } from "../invites/service";
import { assertNotOwnCustomer, type Reviewer } from "../operators/own-customer";

export async function verificationState(ctx: ServiceContext, user: UserRow): Promise<VerificationState> {
  const [latest] = await ctx.db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, user.id))
    .orderBy(desc(verifications.id))
    .limit(1);
  if (!latest) return { status: "none", name: null, idNumber: null, reason: null };
  const status = (latest.status === "review" ? "review" : latest.status === "passed" ? "passed" : "refused") as VerificationStatus;
  return { status, name: latest.name, idNumber: maskMiddle(latest.idNumber), reason: latest.reason };
}

/** Name + ID number (+ ticked agreement, checked by the schema) → review. One account per ID number. */
export async function submitVerification(ctx: ServiceContext, user: UserRow, input: { name: string; idNumber: string }) {
  const idNumber = input.idNumber.toUpperCase();
  // the schema checked the form; the age and a birth date not in the future count by the platform's clock
  if (!isAdultResidentId(idNumber, ctx.now())) throw new AppError("wrong_id_number", {}, "idNumber");
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [fresh] = await tx.select({ verified: users.verified }).from(users).where(eq(users.id, user.id));
    if (fresh?.verified) throw new AppError("already_verified");
    const [pending] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.userId, user.id), eq(verifications.status, "review")));
    if (pending) throw new AppError("verification_pending");
    const [taken] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(
        and(eq(verifications.idNumber, idNumber), inArray(verifications.status, ["review", "passed"]), ne(verifications.userId, user.id)),
      );
    if (taken) throw new AppError("id_number_exists");
    await tx.insert(verifications).values({ userId: user.id, name: input.name, idNumber, createdAt: ctx.now() });
    await tellConsoleQueueChanged(tx, "verification", "submitted", ctx.now());
    return { status: "review" as const, name: input.name, idNumber: maskMiddle(idNumber), reason: null };
  });
}

export async function reviewVerification(
  ctx: ServiceContext,
  id: number,
  decision: "pass" | "refuse",
  reason: string,
  translate: Translate,
  /** who reviews: an operator may not review a customer account they hold */
  reviewer: Reviewer,
) {
  requireReason(decision === "refuse", reason);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // a wrong id is "not found", not "already reviewed": the operator should look for the right request
    const [current] = await tx.select({ userId: verifications.userId }).from(verifications).where(eq(verifications.id, id));
    if (!current) throw new AppError("record_not_found");
    await assertNotOwnCustomer(tx, reviewer, current.userId);
    const [row] = await tx
      .update(verifications)
      .set({ status: decision === "pass" ? "passed" : "refused", reason: decision === "refuse" ? reason.trim() : null, reviewedAt: now })
      .where(and(eq(verifications.id, id), eq(verifications.status, "review")))
      .returning();
    if (!row) throw new AppError("already_reviewed");
    if (decision === "pass") {
      await tx.update(users).set({ verified: true, name: row.name }).where(eq(users.id, row.userId));
      await payInviteBonus(tx, row.userId, now);
    }
    await sendReviewNotice(tx, translate, {
      userId: row.userId,
      kind: decision === "pass" ? "verification_passed" : "verification_refused",
      reason,
      now,
    });
    return { id: row.id, status: row.status };
  });
}
