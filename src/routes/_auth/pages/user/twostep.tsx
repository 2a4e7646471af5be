import { createFileRoute } from "@tanstack/react-router";

import { loadCurrentUser } from "@/api/current-user";
import { TwoStepPage } from "@/features/accounts/TwoStepPage";

export const Route = createFileRoute("/_auth/pages/user/twostep")({
  // whether two-step sign-in is on: read now, not from the guard's half-minute-old copy
  loader: async ({ context }) => {
    const load = await loadCurrentUser({ fresh: true });
    return load.kind === "user" ? load.user : context.user;
  },
  component: TwoStep,
});

function TwoStep() {
  return <TwoStepPage user={Route.useLoaderData()} />;
}
