import { createFileRoute } from "@tanstack/react-router";

import { fetchInvitation } from "@/features/invites/api";
import { InvitePage } from "@/features/invites/InvitePage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/invite")({
  loader: () => cachedLoad("invitation", fetchInvitation),
  component: Invite,
});

function Invite() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <InvitePage invitation={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData refusal={loaded.refusal} />;
}
