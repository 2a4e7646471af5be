import { Trans, useLingui } from "@lingui/react/macro";

import { useSubmit } from "@/ui/use-submit";
import type { UserInfo } from "#contract/accounts";

import { changePayPassword } from "./password-api";
import { PasswordForm } from "./PasswordForm";

export function SetFundPasswordPage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const { submit, busy } = useSubmit();
  // the first fund password needs no old one
  const firstTime = !user.hasPayPassword;
  return (
    <PasswordForm
      title={t`Fund password`}
      lead={<Trans>The fund password confirms withdrawals, exchanges and investments. It differs from the login password.</Trans>}
      oldLabel={firstTime ? undefined : t`Old fund password`}
      newLabel={t`New fund password`}
      againLabel={t`New fund password again`}
      names={{ old: "oldPayPassword", next: "payPassword", again: "payPassword2" }}
      autoComplete={{ old: "off", next: "off" }}
      busy={busy}
      onSubmit={(entry) =>
        submit(
          { oldPayPassword: firstTime ? undefined : entry.old, payPassword: entry.next, payPassword2: entry.again },
          changePayPassword,
          { navigate: { to: "/pages/user/security" } },
        )
      }
    />
  );
}
