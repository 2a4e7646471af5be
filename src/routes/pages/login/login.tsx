import { createFileRoute } from "@tanstack/react-router";

import { LoginPage } from "@/features/accounts/LoginPage";

export const Route = createFileRoute("/pages/login/login")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
