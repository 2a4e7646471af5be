import { createFileRoute } from "@tanstack/react-router";

import { AddBankPage } from "@/features/bank/AddBankPage";

export const Route = createFileRoute("/_auth/pages/user/addBank")({ component: AddBankPage });
