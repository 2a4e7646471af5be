import { createFileRoute } from "@tanstack/react-router";
import { HomeRoute, loadHome } from "../app/home-route";

export const Route = createFileRoute("/")({ loader: loadHome, component: Home });

function Home() {
  return <HomeRoute data={Route.useLoaderData()} />;
}
