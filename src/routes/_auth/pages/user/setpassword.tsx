import { createFileRoute } from "@tanstack/react-router";

import { SetPasswordPage } from "@/features/security/SetPasswordPage";

export const Route = createFileRoute("/_auth/pages/user/setpassword")({ component: SetPasswordPage });
