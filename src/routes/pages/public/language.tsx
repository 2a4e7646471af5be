import { createFileRoute } from "@tanstack/react-router";

import { LanguagePage } from "@/features/settings/LanguagePage";

// Under "public" so it opens without an account: the login page links here too.
export const Route = createFileRoute("/pages/public/language")({ component: LanguagePage });
