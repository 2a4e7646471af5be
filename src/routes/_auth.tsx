import { createFileRoute, redirect } from "@tanstack/react-router";

import { loadCurrentUser } from "../api/current-user";
import { tellIfSessionExpired } from "../api/session-expired";
import { prepareAmountFormat } from "../i18n/format";
import { i18n } from "../i18n/i18n";

const PASSWORD_PAGE = "/pages/user/setpassword";

/**
 * Every page not on the spec's allow-list: the user-info call runs before the page, and a 401 relaunches at
 * the login page with the way back.
 */
export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ location, preload }) => {
    // the pages behind it show amounts: their format is built while the user info loads
    prepareAmountFormat(i18n.locale);
    const load = await loadCurrentUser();
    if (load.kind === "logged-out") {
      // a preload (a finger on a link) does not go anywhere yet: the navigation that follows says it
      if (!preload) tellIfSessionExpired();
      throw redirect({ to: "/pages/login/login", search: { redirect: location.href } });
    }
    if (load.kind === "unavailable") throw new Error("user info unavailable");
    // customer service reset the password: a new one before anything else
    if (load.user.mustChangePassword && location.pathname !== PASSWORD_PAGE) throw redirect({ to: PASSWORD_PAGE });
    return { user: load.user, offlineSince: load.offlineSince };
  },
  // no layout of its own: each page shows the "offline — as of" banner for the saved copy it reads
});
