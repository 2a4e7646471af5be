import { useLingui } from "@lingui/react/macro";

import { copyText } from "@/ui/copy";
import { CopyIcon } from "@/ui/PageIcons";
import type { UserInfo } from "#contract/accounts";

type ProfileUser = Pick<UserInfo, "account" | "phone" | "inviteCode" | "vipLevel" | "verified">;

/**
 * Mine's head: the avatar's letter, the account with its level, the masked phone with the real-name state, and
 * the invitation code to copy. The pre-rendered shell draws it too (MinePreview), filled in by the early-start
 * script from the account read (src/early-start-preview.ts finds the fields by these class names and test ids).
 */
export function MineProfile({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  return (
    <section className="profile" aria-label={t`Account`}>
      <div className="avatar" aria-hidden="true">
        {user.account.slice(0, 1).toUpperCase()}
      </div>
      <div>
        <h1 className="profile-name" data-testid="account-name">
          {user.account}
          <span className="badge">{user.vipLevel > 0 ? t`VIP ${user.vipLevel}` : t`Member`}</span>
        </h1>
        {/* each line's text is one string, so one text node, as the early-start script writes it: text split over
            several nodes can lay out a fraction of a pixel wider, and the preview's boxes would move under the app */}
        <p className="profile-line" data-testid="masked-phone">
          {`${user.phone} · ${user.verified ? t`Verified` : t`Not verified`}`}
        </p>
        <p className="profile-line">
          {`${t`Invitation code`}: `}
          <span className="code-copy">
            <strong data-testid="invite-code">{user.inviteCode}</strong>
            <button type="button" className="icon-button" onClick={() => copyText(user.inviteCode)} aria-label={t`Copy invitation code`}>
              <CopyIcon />
            </button>
          </span>
        </p>
      </div>
    </section>
  );
}
