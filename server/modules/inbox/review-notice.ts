import { reviewNote, type ReviewNotice, reviewNotices } from "#contract/catalogue";
import type { UserStreamPayloads } from "#contract/stream";

import type { Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { type Translate, writeCustomerMessage } from "./customer-message";

export type { Translate };

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
  notice: {
    userId: number;
    kind: ReviewNotice;
    amounts?: Record<string, string>;
    values?: Record<string, string>;
    reason: string;
    now: number;
  },
) {
  const { title, body } = reviewNotices[notice.kind];
  const reason = notice.reason.trim();
  const messageId = await writeCustomerMessage(tx, translate, {
    userId: notice.userId,
    title,
    body,
    values: { ...notice.values, reason },
    amounts: notice.amounts,
    now: notice.now,
    extra: (language) => (reason && !body.message.includes("{reason}") ? translate(language, reviewNote, { note: reason }) : null),
  });
  // the customer's open screens hear of the decision and the message once the review commits
  await recordEvents(
    tx,
    [
      { userId: notice.userId, kind: "review_decided", data: REVIEW_DECISIONS[notice.kind] },
      { userId: notice.userId, kind: "message", data: { id: messageId } },
    ],
    notice.now,
  );
  // every review decision passes here inside its transaction: the other operators' queues hear of it too
  await tellConsoleQueueChanged(tx, REVIEW_DECISIONS[notice.kind].kind, "decided", notice.now);
}

const REVIEW_DECISIONS = {
  recharge_approved: { kind: "recharge", status: "success" },
  recharge_rejected: { kind: "recharge", status: "failed" },
  withdrawal_approved: { kind: "withdrawal", status: "success" },
  withdrawal_rejected: { kind: "withdrawal", status: "failed" },
  // a payment's outcome after approval: the records page reads the withdrawal again either way
  withdrawal_paid: { kind: "withdrawal", status: "success" },
  withdrawal_failed: { kind: "withdrawal", status: "failed" },
  verification_passed: { kind: "verification", status: "success" },
  verification_refused: { kind: "verification", status: "failed" },
} as const satisfies Record<ReviewNotice, UserStreamPayloads["review_decided"]>;
