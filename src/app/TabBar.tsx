import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";

import { currentUserAtom } from "../api/session";
import { HomeIcon, MineIcon, OrderIcon, ProjectIcon } from "../ui/Icons";

/** The four tabs; labels come from the catalog, so they re-render when the language changes. */
export const TAB_PATHS = ["/", "/pages/index/index", "/pages/project/project", "/pages/user/order", "/pages/user/user"];

export function TabBar({ pathname }: { pathname: string }) {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  // messages not opened and support's chat lines not read: both wait under Mine
  const unread = (user?.unreadMessages ?? 0) + (user?.supportUnread ?? 0);
  const tabs = [
    { to: "/", label: t`Home`, icon: <HomeIcon />, active: pathname === "/" || pathname === "/pages/index/index" },
    { to: "/pages/project/project", label: t`Invest`, icon: <ProjectIcon />, active: pathname === "/pages/project/project" },
    { to: "/pages/user/order", label: t`Order`, icon: <OrderIcon />, active: pathname === "/pages/user/order" },
    { to: "/pages/user/user", label: t`Mine`, icon: <MineIcon />, active: pathname === "/pages/user/user" },
  ];
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="tab" aria-current={tab.active ? "page" : undefined} data-active={tab.active}>
          <span className="tab-icon">
            {tab.icon}
            {tab.to === "/pages/user/user" && unread > 0 && (
              <span
                className="tab-badge"
                data-testid="unread-badge"
                aria-label={t`${plural(unread, { one: "# unread message", other: "# unread messages" })}`}
              >
                {unread > 99 ? "99+" : unread}
              </span>
            )}
          </span>
          <span className="tab-label">{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}
