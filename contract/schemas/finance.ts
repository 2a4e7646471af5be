import { z } from "zod";

import { dailyRatePpm } from "../finance-math";
import {
  centsField,
  countField,
  idField,
  moneyField,
  payPasswordField,
  requestIdField,
  requiredOrInvalid,
  requiredText,
  switchField,
} from "./fields";
import { NAME_MAX, translationFields } from "./localized-texts";

export const joinPlanRequest = z.object({
  planId: idField(),
  amount: moneyField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const appendRequest = z.object({
  id: idField(),
  amount: moneyField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const subscriptionRequest = z.object({ id: idField(), requestId: requestIdField() });

/** Stopping pays principal and profit out to cash: a money action, confirmed with the fund password like join and append. */
export const stopRequest = z.object({ id: idField(), payPassword: payPasswordField(), requestId: requestIdField() });

/** operator: add (no id) or change a yuebao plan; running subscriptions keep their own rate and term */
export const planRequest = z.object({
  id: idField().optional(),
  title: requiredText(),
  // a daily rate ("0.0005") as parts per million a day; the service checks it against the ceiling
  dailyRate: z
    .string({ error: requiredOrInvalid })
    .regex(/^0(\.\d{1,6})?$/, { error: "invalid_input" })
    .transform(dailyRatePpm),
  days: countField(4),
  minAmount: centsField(),
  enabled: switchField().default(true),
  ...translationFields("title", NAME_MAX),
});
