import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";

import { CoinAmount } from "@/ui/CoinAmount";
import { copyText } from "@/ui/copy";
import { Money } from "@/ui/Money";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { CardIcon, ChevronIcon, CopyIcon, GlobeIcon, LogoutIcon, MailIcon, WalletIcon } from "@/ui/PageIcons";
import { APP_VERSION } from "@/ui/version";
import type { UserInfo } from "#contract/accounts";

import { readBalancesHidden, writeBalancesHidden } from "./hidden-balances";
import {
  BellIcon,
  EyeIcon,
  FinanceIcon,
  GiftIcon,
  HeadsetIcon,
  IdCardIcon,
  InviteIcon,
  LockIcon,
  RechargeIcon,
  StatementIcon,
  WithdrawIcon,
} from "./MineIcons";
import { PracticeAccount } from "./PracticeAccount";
import { ResultNoticeSwitch } from "./ResultNoticeSwitch";
import { ResultSoundSwitch } from "./ResultSoundSwitch";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="menu-item">
        {icon}
        <span className="menu-label">{children}</span>
        <ChevronIcon />
      </Link>
    </li>
  );
}

export function MinePage({ user, offlineSince, onLogout }: { user: UserInfo; offlineSince?: number; onLogout: () => void }) {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(readBalancesHidden);
  const toggleHidden = () => {
    setHidden(!hidden);
    writeBalancesHidden(!hidden);
  };
  const balances: Array<[string, ReactNode]> = [
    [t`Cash`, <Money key="cash" value={user.cash} />],
    [t`Coin`, <CoinAmount key="coin" coin={user.coin} coinRate={user.coinRate} />],
    [t`Frozen`, <Money key="frozen" value={user.frozen} />],
    [t`Yuebao`, <Money key="yuebao" value={user.yuebao} />],
  ];

  return (
    <main className="page page-tab">
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="profile" aria-label={t`Account`}>
        <div className="avatar" aria-hidden="true">
          {user.account.slice(0, 1).toUpperCase()}
        </div>
        <div>
          <h1 className="profile-name" data-testid="account-name">
            {user.account}
            <span className="badge">{user.vipLevel > 0 ? t`VIP ${user.vipLevel}` : t`Member`}</span>
          </h1>
          <p className="profile-line" data-testid="masked-phone">
            {user.phone} · {user.verified ? t`Verified` : t`Not verified`}
          </p>
          <p className="profile-line">
            <Trans>Invitation code</Trans>:{" "}
            <span className="code-copy">
              <strong data-testid="invite-code">{user.inviteCode}</strong>
              <button type="button" className="icon-button" onClick={() => copyText(user.inviteCode)} aria-label={t`Copy invitation code`}>
                <CopyIcon />
              </button>
            </span>
          </p>
        </div>
      </section>
      <section className="balance-card" aria-labelledby="balances-title">
        <header className="balance-card-head">
          <h2 id="balances-title">{t`Balances`}</h2>
          <button
            type="button"
            className="icon-button"
            aria-pressed={hidden}
            aria-label={t`Hide balances`}
            onClick={toggleHidden}
            data-testid="hide-balances"
          >
            <EyeIcon crossed={hidden} />
          </button>
        </header>
        <div className="balances">
          {balances.map(([label, amount]) => (
            <div key={label} className="balance">
              <span className="balance-label">{label}</span>
              <span className="balance-amount" data-label={label}>
                {hidden ? (
                  <>
                    <span aria-hidden="true">****</span>
                    <span className="visually-hidden">{t`Hidden`}</span>
                  </>
                ) : (
                  amount
                )}
              </span>
            </div>
          ))}
        </div>
        <PracticeAccount user={user} hidden={hidden} />
      </section>
      <nav aria-label={t`Account menu`}>
        <ul className="menu">
          <MenuLink to="/pages/user/wallet" icon={<WalletIcon />}>
            <Trans>Wallet</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/funds" icon={<StatementIcon />}>
            <Trans>Funds records</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/recharge" icon={<RechargeIcon />}>
            <Trans>Recharge</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/cash" icon={<WithdrawIcon />}>
            <Trans>Withdraw</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/finance" icon={<FinanceIcon />}>
            <Trans>Financing</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/bank" icon={<CardIcon />}>
            <Trans>Bank cards</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/auth" icon={<IdCardIcon />}>
            <Trans>Real-name verification</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/message" icon={<MailIcon />}>
            <Trans>Messages</Trans>
            {(user.unreadMessages ?? 0) > 0 && (
              <span className="count-badge" data-testid="menu-unread">
                {user.unreadMessages}
              </span>
            )}
          </MenuLink>
          <MenuLink to="/pages/user/notice" icon={<BellIcon />}>
            <Trans>Platform notices</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/activityCenter" icon={<GiftIcon />}>
            <Trans>Activity centre</Trans>
          </MenuLink>
          <MenuLink to="/pages/user/invite" icon={<InviteIcon />}>
            <Trans>Invite friends</Trans>
          </MenuLink>
          <MenuLink to="/pages/customer/customer" icon={<HeadsetIcon />}>
            <Trans>Customer service</Trans>
            {(user.supportUnread ?? 0) > 0 && (
              <span className="count-badge" data-testid="support-unread">
                {user.supportUnread}
              </span>
            )}
          </MenuLink>
          <MenuLink to="/pages/user/security" icon={<LockIcon />}>
            <Trans>Security</Trans>
          </MenuLink>
          <ResultNoticeSwitch userId={user.id} />
          <ResultSoundSwitch />
          <MenuLink to="/pages/public/language" icon={<GlobeIcon />}>
            <Trans>Language</Trans>
          </MenuLink>
          <li>
            <button type="button" className="menu-item" onClick={onLogout}>
              <LogoutIcon />
              <span className="menu-label">
                <Trans>Log out</Trans>
              </span>
            </button>
          </li>
        </ul>
      </nav>
      <p className="app-version" data-testid="app-version">
        <Trans>Version {APP_VERSION}</Trans>
      </p>
    </main>
  );
}
