import { createFileRoute } from "@tanstack/react-router";

import { SetFundPasswordPage } from "@/features/accounts/SetFundPasswordPage";

export const Route = createFileRoute("/_auth/pages/user/setfundpassword")({
  loader: ({ context }) => context.user,
  component: SetFundPassword,
});

function SetFundPassword() {
  return <SetFundPasswordPage user={Route.useLoaderData()} />;
}
