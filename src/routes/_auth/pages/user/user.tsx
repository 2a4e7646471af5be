import { createFileRoute, useNavigate } from "@tanstack/react-router";

import { loadCurrentUser } from "@/api/current-user";
import { logOut } from "@/features/accounts/api";
import { MinePage } from "@/features/mine/MinePage";
import { useLiveRefresh } from "@/ui/use-live-refresh";

export const Route = createFileRoute("/_auth/pages/user/user")({
  // the account's figures: read now, not from the guard's half-minute-old copy
  loader: async ({ context }) => {
    const load = await loadCurrentUser({ fresh: true });
    return load.kind === "user"
      ? { user: load.user, offlineSince: load.offlineSince }
      : { user: context.user, offlineSince: context.offlineSince };
  },
  component: Mine,
});

function Mine() {
  const { user, offlineSince } = Route.useLoaderData();
  const navigate = useNavigate();
  // the balances stay current while Mine is open: settled orders, approvals and payouts show without navigating
  useLiveRefresh();
  const leave = async () => {
    await logOut();
    await navigate({ to: "/pages/login/login" });
  };
  return <MinePage user={user} offlineSince={offlineSince} onLogout={leave} />;
}
