import { z } from "zod";

import type { ErrorKey } from "../catalogue";
import { ACCOUNT_MAX, ACCOUNT_MIN, PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { centsToDecimal } from "../format";
import { parseAmount, rateToBps } from "../money";

/**
 * Field builders whose zod messages are error keys, so a failed parse names the catalogue entry to show.
 * Form bodies carry strings only; anything else (a repeated key becomes an array) is invalid input.
 */
const TEXT_MAX = 200;

function stringField(requiredKey: ErrorKey = "field_required") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredKey : "invalid_input") })
    .trim()
    .min(1, { error: requiredKey })
    .max(TEXT_MAX, { error: "field_too_long" });
}

export const requiredText = () => stringField();

export const accountField = () =>
  stringField()
    .max(ACCOUNT_MAX, { error: "username_incorrect" })
    .min(ACCOUNT_MIN, { error: "username_incorrect" })
    // letters plus digits (the sign-up hint): both kinds present, nothing else
    .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/, { error: "username_incorrect" });

/** Login account as typed at login: any non-empty text; a wrong shape simply finds no user. */
export const loginAccountField = () => stringField();

export const passwordField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .min(1, { error: "field_required" })
    .max(TEXT_MAX, { error: "field_too_long" })
    .refine((value) => value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX, {
      error: "password_length",
    });

export const phoneField = () => stringField().regex(/^\+?\d{6,15}$/, { error: "phone_invalid" });

export const smsCodeField = () => stringField().regex(/^\d{6}$/, { error: "wrong_sms_code" });

export const inviteCodeField = () => stringField().regex(/^[A-Za-z0-9]{4,12}$/, { error: "invalid_inviter" });

/**
 * The client's key for one submission of an action: a retry of that submission sends it again and gets the
 * first answer, the action done once. Missing or malformed is invalid input, never a silent second action.
 */
export const requestIdField = () => z.string({ error: "invalid_input" }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalid_input" });

/** A missing field is `field_required`; a present one of the wrong kind is `invalid_input`. */
export const requiredOrInvalid = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");

/** An amount as typed: up to 12 digits with up to 2 decimals (money.ts parses it to cents). */
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export const amountField = () =>
  z.string({ error: requiredOrInvalid }).trim().min(1, { error: "field_required" }).regex(AMOUNT_PATTERN, { error: "invalid_input" });

/** The most a customer can name in one amount: twelve whole digits, so the cents stay a safe integer. */
export const MONEY_MAX_CENTS = 99_999_999_999_999;

/**
 * A customer's amount of money (an order's stake, a deposit, a withdrawal, an exchange, a subscription),
 * parsed to integer cents here, so a service never reads the text: no sign, at most two decimals, more than
 * zero, at most MONEY_MAX_CENTS. Zero and too much are refused with the catalogue's range errors and the
 * bound they broke (`values`), anything else that is not an amount as invalid input.
 */
export const moneyField = () =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: "field_required" })
    .regex(/^\d+(\.\d{1,2})?$/, { error: "invalid_input" })
    .transform((text, context) => {
      const [whole = "", fraction = ""] = text.split(".");
      const digits = whole.replace(/^0+(?=\d)/, "");
      // compared as text first: a long enough string of digits is past any safe integer
      const cents = digits.length > 12 ? Infinity : Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
      if (cents > MONEY_MAX_CENTS) {
        context.addIssue({ code: "custom", message: "amount_too_large", params: { max: centsToDecimal(MONEY_MAX_CENTS) }, input: text });
        return z.NEVER;
      }
      if (cents === 0) {
        context.addIssue({ code: "custom", message: "amount_too_small", params: { min: "0.01" }, input: text });
        return z.NEVER;
      }
      return cents;
    });

/**
 * An amount as an operator sets it (a limit, a minimum), parsed to integer cents: services never see the text.
 * The pattern keeps it within 12 digits, so the cents are a safe integer.
 */
export const centsField = () => amountField().transform((text) => parseAmount(text) ?? 0);

/** A rate from 0 to 1 with up to four decimals ("0.85"), parsed to basis points (8500). */
export const rateBpsField = () =>
  z
    .string({ error: requiredOrInvalid })
    .regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/, { error: "invalid_input" })
    .transform((text) => rateToBps(text) ?? 0);

/** A whole number of at most `digits` digits (seconds, a count), parsed to a number. */
export const countField = (digits: number) =>
  z
    .string({ error: requiredOrInvalid })
    .regex(new RegExp(`^\\d{1,${digits}}$`), { error: "invalid_input" })
    .transform(Number);

/** "0" or "1" as a form sends a switch, parsed to a boolean. */
export const switchField = () => z.enum(["0", "1"], { error: requiredOrInvalid }).transform((value) => value === "1");

/** A row id as a form sends it; parsed to a number. */
export const idField = () =>
  z
    .string({ error: requiredOrInvalid })
    .min(1, { error: "field_required" })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number);

export const payPasswordField = () =>
  z.string({ error: requiredOrInvalid }).min(1, { error: "field_required" }).max(TEXT_MAX, { error: "field_too_long" });

/** Required text of at most `max` characters, trimmed. */
export const textField = (max: number) =>
  z.string({ error: requiredOrInvalid }).trim().min(1, { error: "field_required" }).max(max, { error: "field_too_long" });

export const emptyRequest = z.object({});

/** A list page number, 1 when absent; each list's page size is PAGE_SIZE (contract/paging.ts). */
export const pageRequest = z.object({
  page: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((n) => n >= 1, { error: "invalid_input" })
    .default(1),
});
