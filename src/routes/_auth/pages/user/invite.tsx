import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchInvitation } from "@/features/invites/api";
import { InvitePage } from "@/features/invites/InvitePage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/invite")({
  loader: async () => dataOrNull(await fetchInvitation()),
  component: Invite,
});

function Invite() {
  const invitation = Route.useLoaderData();
  return invitation ? <InvitePage invitation={invitation} /> : <NoData />;
}
