import { createFileRoute } from "@tanstack/react-router";

import { SecurityPage } from "@/features/accounts/SecurityPage";

export const Route = createFileRoute("/_auth/pages/user/security")({
  loader: ({ context }) => context.user,
  component: Security,
});

function Security() {
  return <SecurityPage user={Route.useLoaderData()} />;
}
