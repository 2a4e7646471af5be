import { createFileRoute } from "@tanstack/react-router";

import { SetPasswordPage } from "@/features/accounts/SetPasswordPage";

export const Route = createFileRoute("/_auth/pages/user/setpassword")({ component: SetPasswordPage });
