import { createFileRoute } from "@tanstack/react-router";

import { ContentPreviewPage } from "@/features/content/ContentPreviewPage";

// The console's content preview: public (an operator's browser holds no customer session), shown only in a frame
export const Route = createFileRoute("/pages/about/preview")({ component: ContentPreviewPage });
