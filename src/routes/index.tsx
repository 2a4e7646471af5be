import { createFileRoute } from "@tanstack/react-router";

import { HomeRoute, loadHome } from "./-home";

export const Route = createFileRoute("/")({ loader: loadHome, component: Home });

function Home() {
  return <HomeRoute data={Route.useLoaderData()} />;
}
