import { Trans, useLingui } from "@lingui/react/macro";

import { useSubmit } from "@/ui/use-submit";

import { changeLoginPassword } from "./password-api";
import { PasswordForm } from "./PasswordForm";

/**
 * The login password change. `forced`: customer service reset the password, and the app asks for a new one
 * before anything else (every page behind the login comes here until it is set); the old one is the temporary
 * password support gave.
 */
export function SetPasswordPage({ forced = false }: { forced?: boolean }) {
  const { t } = useLingui();
  const { send, busy } = useSubmit();
  return (
    <PasswordForm
      title={t`Login password`}
      lead={forced ? <Trans>Customer service has reset your password. Choose a new password to continue.</Trans> : undefined}
      oldLabel={forced ? t`Temporary password` : t`Old password`}
      newLabel={t`New password`}
      againLabel={t`New password again`}
      names={{ old: "oldPassword", next: "password", again: "password2" }}
      autoComplete={{ old: "current-password", next: "new-password" }}
      busy={busy}
      onSubmit={(entry) =>
        send(() => changeLoginPassword({ oldPassword: entry.old, password: entry.next, password2: entry.again }), {
          navigate: { to: forced ? "/pages/user/user" : "/pages/user/security" },
        })
      }
    />
  );
}
