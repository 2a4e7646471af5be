import { z } from "zod";

import { INVITE_BONUS_POLICIES } from "../invites";
import { centsField } from "./fields";

/** operator: the bonus an inviter gets once per invitee, in cents, and the moment it is paid */
export const inviteBonusRequest = z.object({
  amount: centsField(),
  policy: z.enum(INVITE_BONUS_POLICIES, { error: "invalid_input" }).optional(),
});
