import { z } from "zod";

import { amountField, idField, payPasswordField, requestIdField } from "./fields";

export const joinPlanRequest = z.object({
  planId: idField(),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const appendRequest = z.object({
  id: idField(),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const subscriptionRequest = z.object({ id: idField(), requestId: requestIdField() });

/** Stopping pays principal and profit out to cash: a money action, confirmed with the fund password like join and append. */
export const stopRequest = z.object({ id: idField(), payPassword: payPasswordField(), requestId: requestIdField() });
