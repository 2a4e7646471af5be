import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { logOut } from "../../../../features/auth/api";
import { MinePage } from "../../../../features/mine/MinePage";

export const Route = createFileRoute("/_auth/pages/user/user")({
  // the layout's user-info call already brought the freshest account data
  loader: ({ context }) => context.user,
  component: Mine,
});

function Mine() {
  const user = Route.useLoaderData();
  const navigate = useNavigate();
  const leave = async () => {
    await logOut();
    await navigate({ to: "/pages/login/login" });
  };
  return <MinePage user={user} onLogout={leave} />;
}
