import { useLingui } from "@lingui/react/macro";

import { useSubmit } from "@/ui/use-submit";

import { changeLoginPassword } from "./password-api";
import { PasswordForm } from "./PasswordForm";

export function SetPasswordPage() {
  const { t } = useLingui();
  const { send, busy } = useSubmit();
  return (
    <PasswordForm
      title={t`Login password`}
      oldLabel={t`Old password`}
      newLabel={t`New password`}
      againLabel={t`New password again`}
      names={{ old: "oldPassword", next: "password", again: "password2" }}
      autoComplete={{ old: "current-password", next: "new-password" }}
      busy={busy}
      onSubmit={(entry) =>
        send(() => changeLoginPassword({ oldPassword: entry.old, password: entry.next, password2: entry.again }), {
          navigate: { to: "/pages/user/security" },
        })
      }
    />
  );
}
