import { createFileRoute } from "@tanstack/react-router";

import { ChooseLocationPage } from "@/features/location/ChooseLocationPage";
import { sameAppPath } from "@/features/location/place";

// The spec's built-in `/choose-location`, public: the place goes back to whichever page asked, signed in or not.
export const Route = createFileRoute("/choose-location")({
  validateSearch: (search: Record<string, unknown>): { returnTo?: string } =>
    typeof search.returnTo === "string" ? { returnTo: search.returnTo } : {},
  component: ChooseLocation,
});

function ChooseLocation() {
  return <ChooseLocationPage returnTo={sameAppPath(Route.useSearch().returnTo)} />;
}
