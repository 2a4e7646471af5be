import { z } from "zod";

import { isReservedOperatorName, OPERATOR_PASSWORD_MIN, OPS_ROLES } from "../operators";
import { idField, requiredOrInvalid, requiredText } from "./fields";

// the audit log's own actors ("token", "anonymous") are not names a person may take
const operatorName = () =>
  z
    .string({ error: requiredOrInvalid })
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, { error: "invalid_input" })
    .refine((name) => !isReservedOperatorName(name), { error: "invalid_input" });
// the rest of the policy (not the name, not common, not recent) needs the name and the history: the service checks it
const operatorPassword = () =>
  z.string({ error: requiredOrInvalid }).min(OPERATOR_PASSWORD_MIN, { error: "ops_password_short" }).max(128, { error: "field_too_long" });
const optionalText = (max: number) => z.string({ error: "invalid_input" }).max(max, { error: "field_too_long" }).optional();
/** paging back through a log: the id of the oldest row already shown (a row id is a 32-bit serial, so no larger) */
const beforeIdField = () =>
  z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,10}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, { error: "invalid_input" })
    .optional();

export const operatorLoginRequest = z.object({
  username: requiredText(),
  password: z.string({ error: "field_required" }).min(1, { error: "field_required" }).max(128, { error: "field_too_long" }),
  code: z
    .string({ error: "invalid_input" })
    .regex(/^\d{6}$/, { error: "invalid_input" })
    .optional(),
});

export const operatorSetupRequest = z.object({ setupCode: requiredText(), username: operatorName(), password: operatorPassword() });

export const addOperatorRequest = z.object({
  username: operatorName(),
  role: z.enum(OPS_ROLES, { error: "invalid_input" }),
  password: operatorPassword().optional(),
});

/** an existing operator, by name (as typed: the lookup ignores case) */
const existingOperator = () =>
  z.string({ error: requiredOrInvalid }).trim().min(1, { error: "field_required" }).max(32, { error: "invalid_input" });
const switchField = () => z.enum(["0", "1"], { error: "invalid_input" }).transform((value) => value === "1");

export const operatorRequest = z.object({ username: existingOperator() });

export const setOperatorEnabledRequest = z.object({ username: existingOperator(), enabled: switchField() });

export const setOperatorRoleRequest = z.object({ username: existingOperator(), role: z.enum(OPS_ROLES, { error: "invalid_input" }) });

export const endOperatorSessionsRequest = z.object({
  username: existingOperator(),
  /** one session (its ref from the list); without it, every session of the operator */
  ref: z
    .string({ error: "invalid_input" })
    .regex(/^[a-f0-9]{16}$/, { error: "invalid_input" })
    .optional(),
});

export const setOperatorCustomerRequest = z.object({ username: existingOperator(), account: requiredText(), linked: switchField() });

export const changeOwnPasswordRequest = z.object({
  currentPassword: z.string({ error: "field_required" }).min(1, { error: "field_required" }).max(128, { error: "field_too_long" }),
  password: operatorPassword(),
});

export const confirmTotpRequest = z.object({
  code: z.string({ error: requiredOrInvalid }).regex(/^\d{6}$/, { error: "invalid_input" }),
});

export const smsOutboxRequest = z.object({ phone: optionalText(40), beforeId: beforeIdField() });

/** a customer by account name (show, unlock) */
export const accountRequest = z.object({ account: requiredText() });

export const userDetailRequest = z.object({ id: idField() });
