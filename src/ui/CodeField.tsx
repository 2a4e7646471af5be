import { useLingui } from "@lingui/react/macro";

import type { ErrorKey } from "#contract/catalogue";
import type { Failure } from "#contract/envelope";

import { ValueField } from "./Field";

/** The refusals that are about the code itself, shown under the field as well as in the toast. */
const CODE_REFUSALS: readonly ErrorKey[] = ["totp_wrong", "totp_required"];

/** The message of a refusal to show under the code field, or null when the refusal is about something else. */
export const codeRefusal = (answer: Failure): string | null => (CODE_REFUSALS.includes(answer.err) ? answer.msg : null);

/**
 * The six-digit code of the customer's authenticator app, wherever one is asked (setting two-step sign-in up,
 * signing in, switching it off, withdrawing). `one-time-code` lets the phone offer the code it just saw.
 * Where a recovery code is also taken (signing in, switching off) the keyboard stays a full one: recovery codes
 * have letters, and a numeric keypad could not type them.
 */
export function CodeField({
  value,
  onChange,
  error,
  recoveryCode = false,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** a recovery code is taken here too */
  recoveryCode?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <ValueField
      label={t`Authentication code`}
      name="code"
      inputMode={recoveryCode ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoCapitalize={recoveryCode ? "characters" : undefined}
      maxLength={recoveryCode ? undefined : 6}
      hint={recoveryCode ? t`The 6 digits your app shows, or one of your recovery codes` : undefined}
      error={error}
      autoFocus={autoFocus}
      value={value}
      onValue={onChange}
      required
    />
  );
}
