import { z } from "zod";

import { CUSTOMER_NOTE_MAX, RISK_LABELS } from "../customers";
import { requiredText, switchField, textField } from "./fields";

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
