import { z } from "zod";

import { CUSTOMER_NOTE_MAX, RISK_LABELS } from "../customers";
import { TWO_STEP_RESET_REASON_MAX } from "../two-step-resets";
import { idField, requiredText, switchField, textField } from "./fields";

/** The customer is named by account, as the CLI and the unlock command name them. */
const customer = () => requiredText();

export const customerFrozenRequest = z.object({ account: customer(), frozen: switchField() });

export const customerNoteRequest = z.object({ account: customer(), text: textField(CUSTOMER_NOTE_MAX) });

export const customerLabelRequest = z.object({
  account: customer(),
  label: z.enum(RISK_LABELS, { error: "invalid_input" }),
  on: switchField(),
});

export const customerPasswordResetRequest = z.object({ account: customer() });

export const customerTwoStepRequest = z.object({ account: customer() });

/** why the customer's two-step sign-in should go (the lost phone, how the caller was identified) */
export const twoStepResetProposalRequest = z.object({ account: customer(), reason: textField(TWO_STEP_RESET_REASON_MAX) });

/** a waiting proposal, applied or cancelled by its id */
export const twoStepResetDecisionRequest = z.object({ id: idField() });
