/** Invitation codes and the inviter's bonus. */

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
