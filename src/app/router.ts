import { createHashHistory, createRouter } from "@tanstack/react-router";
import { PENDING_DELAY_MS } from "../../contract/constants";
import { PageSkeleton } from "../ui/PageSkeleton";
import { routeTree } from "./route-tree.gen";
import { RouteError } from "./RouteError";

// Hash history with Vite's base /h5/ and no router basepath (TOOLCHAIN pitfall 5).
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
