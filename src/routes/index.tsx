import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { currentUserAtom } from "../api/session";
import { HomePage } from "../features/home/HomePage";

export const Route = createFileRoute("/")({ component: Home });

function Home() {
  return <HomePage loggedIn={useAtomValue(currentUserAtom) !== null} />;
}
