import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";

import { CoinAmount } from "@/ui/CoinAmount";
import { Money } from "@/ui/Money";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { CardIcon, ChevronIcon, GlobeIcon, LogoutIcon, MailIcon, WalletIcon } from "@/ui/PageIcons";
import { APP_VERSION } from "@/ui/version";
import type { UserInfo } from "#contract/accounts";

import { BALANCE_LABELS } from "./balance-labels";
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
import { MineProfile } from "./MineProfile";
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
  const { t, i18n } = useLingui();
  const [hidden, setHidden] = useState(readBalancesHidden);
  const toggleHidden = () => {
    setHidden(!hidden);
    writeBalancesHidden(!hidden);
  };
  // in BALANCE_LABELS' order: cash, coin, frozen, yuebao
  const amounts: ReactNode[] = [
    <Money key="cash" value={user.cash} />,
    <CoinAmount key="coin" coin={user.coin} coinRate={user.coinRate} />,
    <Money key="frozen" value={user.frozen} />,
    <Money key="yuebao" value={user.yuebao} />,
  ];
  const balances = BALANCE_LABELS.map((label, index): [string, ReactNode] => [i18n._(label), amounts[index]]);

  return (
    <main className="page page-tab">
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <MineProfile user={user} />
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
