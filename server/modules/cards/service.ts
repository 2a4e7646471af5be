import { and, eq } from "drizzle-orm";

import type { BankCard, CardType } from "#contract/cards";
import { maskMiddle } from "#contract/format";

import { isUniqueViolation } from "../../db/errors";
import { bankCards, users, withdrawals } from "../../db/schema";
import { freshUser } from "../accounts/fresh-user";
import { requireFundPassword } from "../accounts/fund-password";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const toCard = (row: typeof bankCards.$inferSelect): BankCard => ({
  id: row.id,
  type: row.type,
  bankName: row.bankName,
  branch: row.branch,
  number: maskMiddle(row.number),
  holder: row.holder,
});

export async function listCards(ctx: ServiceContext, user: UserRow): Promise<BankCard[]> {
  const rows = await ctx.db.select().from(bankCards).where(eq(bankCards.userId, user.id)).orderBy(bankCards.id);
  return rows.map(toCard);
}

/** A name as people type it: case and the spacing between its parts do not make it another name. */
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The holder a bank card is bound with. Once the customer's real name is verified, a bank card must be in that
 * name (an empty holder is taken to mean it): money paid out goes to the verified person, not to whoever's card
 * was typed in. Before verification the holder is kept as typed.
 */
function cardHolder(owner: UserRow, input: { type: CardType; holder: string }): string {
  if (input.type !== "bank" || !owner.verified || !owner.name) return input.holder;
  if (input.holder.trim() === "") return owner.name;
  if (!sameName(input.holder, owner.name)) throw new AppError("card_holder_mismatch", {}, "holder");
  return input.holder.trim();
}

/** Binding a card decides where withdrawals go, so it takes the fund password like a withdrawal does. */
export async function addCard(
  ctx: ServiceContext,
  user: UserRow,
  input: { type: CardType; bankName: string; branch: string; number: string; holder: string; payPassword: string },
) {
  const number = input.number.replace(/\s+/g, "");
  await requireFundPassword(ctx, user, input.payPassword);
  const holder = cardHolder(await freshUser(ctx, user.id), input);
  try {
    const [row] = await ctx.db
      .insert(bankCards)
      .values({
        userId: user.id,
        type: input.type,
        bankName: input.bankName,
        // only a bank has branches
        branch: input.type === "bank" ? input.branch : "",
        number,
        holder,
        createdAt: ctx.now(),
      })
      .returning();
    return toCard(row!);
  } catch (error) {
    // the same number twice for one user; another user's card with this number is no obstacle
    if (isUniqueViolation(error, "bank_cards_user_number")) throw new AppError("card_exists");
    throw error;
  }
}

/**
 * Unbinds one of the user's own cards. A card with a withdrawal under review stays: the operator pays to it,
 * and a refused withdrawal is refunded with it still on record.
 */
export async function deleteCard(ctx: ServiceContext, user: UserRow, input: { id: number; payPassword: string }): Promise<BankCard[]> {
  await requireFundPassword(ctx, user, input.payPassword);
  await ctx.db.transaction(async (tx) => {
    // the user row lock orders this against a withdrawal to the same card requested at the same moment
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [card] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.id, input.id), eq(bankCards.userId, user.id)));
    if (!card) throw new AppError("card_not_found");
    const [pending] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.cardId, card.id), eq(withdrawals.status, "review")))
      .limit(1);
    if (pending) throw new AppError("card_in_use");
    await tx.delete(bankCards).where(eq(bankCards.id, card.id));
  });
  return listCards(ctx, user);
}
