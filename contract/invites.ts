/** Invitation codes and the inviter's bonus. */

/**
 * When the inviter's bonus for an invitee is paid: at its real-name approval, or at its first approved recharge
 * once it is also approved (whichever of the two comes second). Never at registration: an account costs only a
 * phone number, so a bonus for opening one is a bonus for farming accounts.
 */
export const INVITE_BONUS_POLICIES = ["verification", "first_recharge"] as const;

/**
 * The largest bonus per invitee an operator may set: 1 000 U in cents. A bonus is paid to the inviter for
 * each invitee, with no review, so a slip of the operator's keyboard (an extra few zeros) would hand out
 * money at the rate of the sign-ups; bigger rewards belong in a reviewed payout, not this setting.
 */
export const INVITE_BONUS_MAX_CENTS = 100_000;

export type InviteBonusPolicy = (typeof INVITE_BONUS_POLICIES)[number];

export interface Invitation {
  code: string;
  bonusPolicy: InviteBonusPolicy;
  inviteeCount: number;
  bonusTotal: string;
  bonusPerInvitee: string;
  records: Array<{ account: string; time: number; bonus: string }>;
}

/** What the invitation path answers, by path name (contract/paths.ts). */
export interface InviteAnswers {
  invitation: Invitation;
}
