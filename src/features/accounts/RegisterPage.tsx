import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { useFormFields } from "@/ui/use-form-fields";
import { useSubmit } from "@/ui/use-submit";
import type { RegisterRequest } from "#contract/schemas/accounts";

import { openSession, register } from "./api";
import { SmsButton } from "./SmsButton";

type Form = Omit<RegisterRequest, "eligible">;

export function RegisterPage({ inviteCode }: { inviteCode?: string }) {
  const { t } = useLingui();
  const { form, bind } = useFormFields<Form>({
    account: "",
    password: "",
    password2: "",
    payPassword: "",
    payPassword2: "",
    phone: "",
    smsCode: "",
    inviteCode: inviteCode ?? "",
  });
  const [eligible, setEligible] = useState(false);
  const { send, busy } = useSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // an unticked box is sent as nothing: the server refuses it in the catalogue's words, as every other field
    const confirmed = eligible ? { eligible: "1" as const } : {};
    await send(() => register({ ...form, ...confirmed, account: form.account.trim(), phone: form.phone.trim() } as RegisterRequest), {
      onSuccess: openSession,
      navigate: { to: "/pages/user/user" },
    });
  }

  return (
    <main className="page page-auth">
      <NavBar title={t`Register`} />
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t`Account`} hint={t`Letters and digits, 4-20 characters`} autoComplete="username" {...bind("account")} />
        <Field label={t`Password`} hint={t`6-16 characters`} type="password" autoComplete="new-password" {...bind("password")} />
        <Field label={t`Password again`} type="password" autoComplete="new-password" {...bind("password2")} />
        <Field
          label={t`Fund password`}
          hint={t`6-16 characters, asked for money actions`}
          type="password"
          autoComplete="off"
          {...bind("payPassword")}
        />
        <Field label={t`Fund password again`} type="password" autoComplete="off" {...bind("payPassword2")} />
        <Field label={t`Phone number`} type="tel" inputMode="tel" autoComplete="tel" {...bind("phone")} />
        <Field
          label={t`Verification code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          addon={<SmsButton phone={form.phone} />}
          {...bind("smsCode")}
        />
        <Field label={t`Invitation code`} autoCapitalize="characters" {...bind("inviteCode")} />
        <p className="risk" id="register-risk">
          <Trans>Risk warning: timed trades can lose the whole amount staked. Only trade money you can afford to lose.</Trans>
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            name="eligible"
            aria-describedby="register-risk"
            checked={eligible}
            onChange={(event) => setEligible(event.target.checked)}
          />
          <span>
            <Trans>I am 18 or older and have read the risk warning above.</Trans>
          </span>
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t`Registering…` : t`Register`}
        </button>
        <p className="form-foot">
          <Trans>Already registered?</Trans> <Link to="/pages/login/login">{t`Log in`}</Link>
        </p>
      </form>
    </main>
  );
}
