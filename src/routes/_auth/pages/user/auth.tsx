import { createFileRoute } from "@tanstack/react-router";

import { dataOrNull } from "@/api/client";
import { fetchVerification } from "@/features/identity/api";
import { IdentityPage } from "@/features/identity/IdentityPage";
import { NoData } from "@/ui/NoData";

export const Route = createFileRoute("/_auth/pages/user/auth")({
  loader: async () => dataOrNull(await fetchVerification()),
  component: Auth,
});

function Auth() {
  const state = Route.useLoaderData();
  return state ? <IdentityPage state={state} /> : <NoData />;
}
