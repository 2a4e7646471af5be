import { createFileRoute } from "@tanstack/react-router";

import { RegisterPage } from "@/features/accounts/RegisterPage";

export const Route = createFileRoute("/pages/login/register")({
  // ?code= in the hash route prefills the invitation code (the invitation link)
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === "string" || typeof search.code === "number" ? { code: String(search.code) } : {},
  component: Register,
});

function Register() {
  const { code } = Route.useSearch();
  return <RegisterPage inviteCode={code} />;
}
