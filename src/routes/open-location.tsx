import { createFileRoute } from "@tanstack/react-router";

import { OpenLocationPage } from "@/features/location/OpenLocationPage";
import { parsePlace, type PlaceSearch, placeSearch } from "@/features/location/place";

// The spec's built-in `/open-location`, public: the company page (open to visitors) links its office here.
export const Route = createFileRoute("/open-location")({
  // typed for links to this page; what an address really holds is checked in the page (placeSearch), which keeps
  // the checking out of the route tree that every page loads first
  validateSearch: (search: Record<string, unknown>) => search as PlaceSearch,
  component: OpenLocation,
});

function OpenLocation() {
  return <OpenLocationPage parsed={parsePlace(placeSearch(Route.useSearch() as Record<string, unknown>))} />;
}
