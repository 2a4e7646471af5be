import { createHashHistory, createRouter } from "@tanstack/react-router";

import { PENDING_DELAY_MS } from "#contract/constants";

import { PageSkeleton } from "../ui/PageSkeleton";
import { routeTree } from "./route-tree.gen";
import { RouteError } from "./RouteError";
import { queryIntoHash } from "./startup";

// before the history reads the address: a query in front of the hash belongs inside it
const normalized = queryIntoHash(new URL(location.href));
if (normalized) history.replaceState(history.state, "", normalized);

// Hash history with Vite's base /h5/ and no router basepath (a basepath would put /h5/ inside the hash as well).
export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  defaultPendingMs: PENDING_DELAY_MS,
  defaultPendingComponent: PageSkeleton,
  defaultErrorComponent: RouteError,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
