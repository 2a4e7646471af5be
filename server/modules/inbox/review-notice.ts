import { eq } from "drizzle-orm";

import { type MessageDescriptor, reviewNote, type ReviewNotice, reviewNotices } from "#contract/catalogue";

import type { Tx } from "../../db/client";
import { messages, users } from "../../db/schema";
import { AppError } from "../errors";

/** Renders a message in a language; the HTTP layer supplies it from the shared catalogs. */
export type Translate = (language: string, descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/** A refusal the customer cannot act on is no answer: every reject names its reason. */
export function requireReason(refused: boolean, reason: string) {
  if (refused && !reason.trim()) throw new AppError("invalid_input", {}, "reason");
}

/**
 * Tells the customer the outcome of a review by in-app message, in the customer's language, inside the review's
 * own transaction: the message exists exactly when the review does. A refusal's text names the reason; an
 * approval carries the operator's note when there is one.
 */
export async function sendReviewNotice(
  tx: Tx,
  translate: Translate,
  notice: { userId: number; kind: ReviewNotice; values?: Record<string, string>; reason: string; now: number },
) {
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, notice.userId));
  const language = user?.language ?? "en";
  const { title, body } = reviewNotices[notice.kind];
  const reason = notice.reason.trim();
  let text = translate(language, body, { ...notice.values, reason });
  if (reason && !body.message.includes("{reason}")) text += `\n${translate(language, reviewNote, { note: reason })}`;
  await tx
    .insert(messages)
    .values({ userId: notice.userId, type: "system", title: translate(language, title), body: text, createdAt: notice.now });
}
