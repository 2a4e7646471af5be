import { createFileRoute } from "@tanstack/react-router";

import { HomeRoute, loadHome } from "../../-home";

// The spec's name for the entry page; the same page as "/".
export const Route = createFileRoute("/pages/index/index")({ loader: loadHome, component: Home });

function Home() {
  return <HomeRoute data={Route.useLoaderData()} />;
}
