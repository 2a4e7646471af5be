import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { currentUserAtom } from "../../../api/session";
import { HomePage } from "../../../features/home/HomePage";

// The spec's name for the entry page; the same page as "/".
export const Route = createFileRoute("/pages/index/")({ component: Home });

function Home() {
  return <HomePage loggedIn={useAtomValue(currentUserAtom) !== null} />;
}
