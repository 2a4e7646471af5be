import { createFileRoute } from "@tanstack/react-router";
import { ProjectPage } from "../../../../features/finance/ProjectPage";

export const Route = createFileRoute("/_auth/pages/project/project")({ component: ProjectPage });
