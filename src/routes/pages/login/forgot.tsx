import { createFileRoute } from "@tanstack/react-router";

import { ForgotPasswordPage } from "@/features/accounts/ForgotPasswordPage";

export const Route = createFileRoute("/pages/login/forgot")({ component: ForgotPasswordPage });
