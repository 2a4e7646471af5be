import { createRootRoute } from "@tanstack/react-router";

import { NotFound } from "../app/NotFound";
import { RouteError } from "../app/RouteError";
import { Shell } from "../app/Shell";
import { isHomePath } from "../app/startup";
import { pagesCatalogReady } from "../i18n/i18n";

export const Route = createRootRoute({
  // Home speaks from the shell catalog alone; every other page waits for its texts (lingui.config.ts).
  beforeLoad: async ({ location }) => {
    if (!isHomePath(location.pathname)) await pagesCatalogReady();
  },
  component: Shell,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});
