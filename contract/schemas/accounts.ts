import { z } from "zod";

import { LANGUAGE_CODES } from "../languages";
import { accountField, inviteCodeField, loginAccountField, passwordField, phoneField, requestIdField, smsCodeField } from "./fields";
import { secondFactorCodeField } from "./two-factor";

export const sendSmsRequest = z.object({ phone: phoneField() });

export const registerRequest = z
  .object({
    account: accountField(),
    password: passwordField(),
    password2: passwordField(),
    payPassword: passwordField(),
    payPassword2: passwordField(),
    phone: phoneField(),
    smsCode: smsCodeField(),
    inviteCode: inviteCodeField(),
    /** the ticked box: the customer is 18 or older and has read the risk warning of the form */
    eligible: z.literal("1", { error: "eligibility_required" }),
  })
  .refine((body) => body.password === body.password2, { error: "passwords_mismatch", path: ["password2"] })
  .refine((body) => body.payPassword === body.payPassword2, {
    error: "pay_passwords_mismatch",
    path: ["payPassword2"],
  });

/** `code`: the authenticator's code or a recovery code, asked (`totp_required`) only of an account with two-step sign-in on. */
export const loginRequest = z.object({ account: loginAccountField(), password: passwordField(), code: secondFactorCodeField().optional() });

/** A forgotten password: the phone the account was registered with gets a code (the answer is the same for any phone). */
export const forgotPasswordRequest = z.object({ phone: phoneField() });

/** The code sent to that phone and the new login password, twice. */
export const resetPasswordRequest = z
  .object({ phone: phoneField(), code: smsCodeField(), password: passwordField(), password2: passwordField() })
  .refine((body) => body.password === body.password2, { error: "passwords_mismatch", path: ["password2"] });

/** The language the customer picked in the app: the server writes their messages in it. */
export const setLanguageRequest = z.object({ lang: z.enum(LANGUAGE_CODES, { error: "invalid_input" }) });

export const changeLoginPasswordRequest = z
  .object({ oldPassword: passwordField(), password: passwordField(), password2: passwordField() })
  .refine((body) => body.password === body.password2, { error: "passwords_mismatch", path: ["password2"] });

export const changePayPasswordRequest = z
  .object({
    // omitted the first time a fund password is set
    oldPayPassword: passwordField().optional(),
    payPassword: passwordField(),
    payPassword2: passwordField(),
    requestId: requestIdField(),
  })
  .refine((body) => body.payPassword === body.payPassword2, {
    error: "pay_passwords_mismatch",
    path: ["payPassword2"],
  });

/** An action with nothing to say but which submission it is (the daily sign-in). */
export const requestIdOnly = z.object({ requestId: requestIdField() });

export type SendSmsRequest = z.infer<typeof sendSmsRequest>;

export type RegisterRequest = z.infer<typeof registerRequest>;

export type LoginRequest = z.infer<typeof loginRequest>;

export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export type ChangeLoginPasswordRequest = z.infer<typeof changeLoginPasswordRequest>;

export type ChangePayPasswordRequest = z.infer<typeof changePayPasswordRequest>;
