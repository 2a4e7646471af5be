import { createFileRoute } from "@tanstack/react-router";

import { OpenLocationPage } from "@/features/location/OpenLocationPage";
import { parsePlace, placeSearch } from "@/features/location/place";

// The spec's built-in `/open-location`, public: the company page (open to visitors) links its office here.
export const Route = createFileRoute("/open-location")({
  validateSearch: placeSearch,
  component: OpenLocation,
});

function OpenLocation() {
  return <OpenLocationPage parsed={parsePlace(Route.useSearch())} />;
}
