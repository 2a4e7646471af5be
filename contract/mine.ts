import { z } from "zod";

import { requestIdField } from "./fields";
import { isResidentId } from "./resident-id";

/** Real-name verification, messages and invitations (the Mine pages). */
export type VerificationStatus = "none" | "review" | "passed" | "refused";

export interface VerificationState {
  status: VerificationStatus;
  name: string | null;
  /** masked */
  idNumber: string | null;
  reason: string | null;
}

export interface Message {
  id: number;
  type: string;
  title: string;
  body: string;
  time: number;
  read: boolean;
}

export interface MessagePage {
  items: Message[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
}

/** When the inviter's bonus for an invitee is paid: at registration, after its real-name approval, or after its first approved recharge. */
export const INVITE_BONUS_POLICIES = ["registration", "verification", "first_recharge"] as const;
export type InviteBonusPolicy = (typeof INVITE_BONUS_POLICIES)[number];

export interface Invitation {
  code: string;
  bonusPolicy: InviteBonusPolicy;
  inviteeCount: number;
  bonusTotal: string;
  bonusPerInvitee: string;
  records: Array<{ account: string; time: number; bonus: string }>;
}

export interface PlatformInfo {
  name: string;
  about: string;
  support: Array<{ type: string; label: string; value: string }>;
  hours: string;
  languages: string[];
}

const required = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");

export const certificationRequest = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, { error: "field_required" })
    .max(60, { error: "field_too_long" })
    .regex(/^[\p{L}][\p{L}\p{M} .·'-]{1,59}$/u, { error: "wrong_name" }),
  idNumber: z
    .string({ error: required })
    .trim()
    .min(1, { error: "field_required" })
    .max(30, { error: "field_too_long" })
    // the age needs a clock: the server checks it against its own
    .refine(isResidentId, { error: "wrong_id_number" }),
  agree: z.literal("1", { error: "agreement_required" }),
  requestId: requestIdField(),
});

export const messageRequest = z.object({
  id: z
    .string({ error: required })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number),
});
