import { createFileRoute } from "@tanstack/react-router";

import { AddCardPage } from "@/features/cards/AddCardPage";

export const Route = createFileRoute("/_auth/pages/user/addBank")({ component: AddCardPage });
