import { createFileRoute } from "@tanstack/react-router";

import { SetPasswordPage } from "@/features/accounts/SetPasswordPage";

export const Route = createFileRoute("/_auth/pages/user/setpassword")({ component: SetPasswordRoute });

function SetPasswordRoute() {
  const { user } = Route.useRouteContext();
  return <SetPasswordPage forced={user.mustChangePassword} />;
}
