import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { FormEvent } from "react";

import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { useFormFields } from "@/ui/use-form-fields";
import { useSubmit } from "@/ui/use-submit";
import type { ResetPasswordRequest } from "#contract/schemas/accounts";

import { resetPassword, sendResetCode } from "./api";
import { SmsButton } from "./SmsButton";

/**
 * A forgotten login password: the phone the account was registered with gets a code; the code and the new
 * password twice reset it. Every session of the account ends, so the customer logs in afresh with it.
 */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const { form, bind } = useFormFields<ResetPasswordRequest>({ phone: "", code: "", password: "", password2: "" });
  const { send, busy } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(() => resetPassword({ ...form, phone: form.phone.trim(), code: form.code.trim() }), {
      navigate: { to: "/pages/login/login", replace: true },
    });
  }

  return (
    <main className="page page-auth">
      <NavBar title={t`Reset your password`} backTo="/pages/login/login" />
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-lead">
          <Trans>
            Enter the phone number of your account. We send a code to it; with the code you choose a new login password, and every device
            signed in to the account is signed out.
          </Trans>
        </p>
        <Field label={t`Phone number`} type="tel" inputMode="tel" autoComplete="tel" {...bind("phone")} />
        <Field
          label={t`Verification code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          addon={<SmsButton phone={form.phone} request={sendResetCode} />}
          {...bind("code")}
        />
        <Field label={t`New password`} hint={t`6-16 characters`} type="password" autoComplete="new-password" {...bind("password")} />
        <Field label={t`New password again`} type="password" autoComplete="new-password" {...bind("password2")} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t`Reset password`}
        </button>
        <p className="form-foot">
          <Trans>Lost the phone as well?</Trans> <Link to="/pages/customer/customer">{t`Contact customer service`}</Link>
        </p>
      </form>
    </main>
  );
}
