import { createFileRoute } from "@tanstack/react-router";

import { fetchVerification } from "@/features/identity/api";
import { IdentityPage } from "@/features/identity/IdentityPage";
import { cachedLoad } from "@/offline/cached-load";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/auth")({
  loader: () => cachedLoad("verification", fetchVerification),
  component: Auth,
});

function Auth() {
  const loaded = Route.useLoaderData();
  return loaded.data ? <IdentityPage state={loaded.data} offlineSince={loaded.offlineSince} /> : <NoData refusal={loaded.refusal} />;
}
