import type { ReactNode } from "react";

/** The Mine menu's own line icons: one per row, so no two rows look alike. Kept here, out of Home's first load. */
const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

/** Money in: an arrow down into a tray. */
export const RechargeIcon = () => (
  <Icon>
    <path d="M12 3v11M7.5 9.5 12 14l4.5-4.5M4 15v4h16v-4" />
  </Icon>
);
/** The funds statement: a sheet of lines, each with its amount. */
export const StatementIcon = () => (
  <Icon>
    <path d="M6 3h12v18H6zM9 8h4M9 12h4M9 16h4M15.5 8h.5M15.5 12h.5M15.5 16h.5" />
  </Icon>
);
/** Money out: an arrow up out of a tray. */
export const WithdrawIcon = () => (
  <Icon>
    <path d="M12 14V3M7.5 7.5 12 3l4.5 4.5M4 15v4h16v-4" />
  </Icon>
);
/** Financing: a stack of coins. */
export const FinanceIcon = () => (
  <Icon>
    <ellipse cx="12" cy="6" rx="7" ry="2.5" />
    <path d="M5 6v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6M5 10v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4M5 14v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4" />
  </Icon>
);
/** Real-name verification: an identity card. */
export const IdCardIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14.5 10h4M14.5 13.5h3" />
  </Icon>
);
/** Platform notices: a bell. */
export const BellIcon = () => (
  <Icon>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);
/** Order result notifications: a bell with a tick beside it. */
export const ResultNoticeIcon = () => (
  <Icon>
    <path d="M4 16v-4.5a5.5 5.5 0 0 1 8.5-4.6M4 16l-1.5 2h12.5M8 20.5a2 2 0 0 0 4 0M14.5 11.5l2.5 2.5 4.5-5" />
  </Icon>
);
/** Sound on order results: a speaker with its waves. */
export const ResultSoundIcon = () => (
  <Icon>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);
/** Activity centre: a gift. */
export const GiftIcon = () => (
  <Icon>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3 9h18M12 9v11M12 9c-1.5-3.5-5.5-4.5-5.5-2S10 9 12 9zM12 9c1.5-3.5 5.5-4.5 5.5-2S14 9 12 9z" />
  </Icon>
);
/** Invite friends: a person with a plus. */
export const InviteIcon = () => (
  <Icon>
    <circle cx="10" cy="8" r="3.5" />
    <path d="M3.5 20c1-3.6 3.5-5.5 6.5-5.5s5.5 1.9 6.5 5.5M19 8v6M16 11h6" />
  </Icon>
);
/** Customer service: a headset. */
export const HeadsetIcon = () => (
  <Icon>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5.5A1.5 1.5 0 0 1 4 17.5zM20 14h-3v5h1.5a1.5 1.5 0 0 0 1.5-1.5zM17 19c0 1.5-2 2-4.5 2" />
  </Icon>
);
/** Security: a padlock. */
export const LockIcon = () => (
  <Icon>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v2.5" />
  </Icon>
);
/** Showing or hiding the balances: an eye, crossed out while they are hidden. */
export const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <Icon>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
    {crossed && <path d="M4 4l16 16" />}
  </Icon>
);
