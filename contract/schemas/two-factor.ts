import { z } from "zod";

import { idField, passwordField } from "./fields";

/**
 * A second-factor code as typed: six digits from the authenticator, or a recovery code (ten letters and
 * digits, a dash allowed in the middle). Spaces are dropped; the server decides which kind it is.
 */
export const secondFactorCodeField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "totp_wrong") })
    .transform((text) => text.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: "totp_wrong" }));

/** Only the authenticator's current code (a withdrawal, the confirmation of a new authenticator). */
export const totpCodeField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "totp_wrong") })
    .transform((text) => text.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "totp_wrong" }));

export const totpEnableRequest = z.object({ code: totpCodeField() });

export const totpDisableRequest = z.object({ password: passwordField(), code: secondFactorCodeField() });

/** `all` ("1" or "true", as a form sends it) ends every session but the one asking; `id` ends that one session. */
export const sessionsEndRequest = z.union([
  z.object({ all: z.enum(["1", "true"], { error: "invalid_input" }) }),
  z.object({ id: idField() }),
]);

export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;
export type SessionsEndRequest = z.infer<typeof sessionsEndRequest>;
