import { createRootRoute } from "@tanstack/react-router";
import { RouteError } from "../app/RouteError";
import { Shell } from "../app/Shell";
import { NotFound } from "../app/NotFound";

export const Route = createRootRoute({
  component: Shell,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
});
