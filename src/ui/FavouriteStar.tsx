import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect } from "react";

import { favouritesAtom, loadFavourites, setFavourite } from "../api/favourites";
import { currentUserAtom } from "../api/session";

/**
 * The star of a product: on a quote row and in the trade screen's header. A signed-in customer's stars are
 * kept on the server; a visitor who taps one is taken to log in, and back here afterwards.
 */
export function FavouriteStar({ pid, name }: { pid: number; name: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const ids = useAtomValue(favouritesAtom);
  const on = signedIn && (ids ?? []).includes(pid);
  // a page opened directly (the trade screen) has not read the stars yet
  useEffect(() => {
    if (signedIn && ids === null) void loadFavourites();
  }, [signedIn, ids]);

  function tap() {
    if (signedIn) void setFavourite(pid, !on);
    else void router.navigate({ to: "/pages/login/login", search: { redirect: router.state.location.href } });
  }
  return (
    <button type="button" className="star" aria-pressed={on} aria-label={t`Favourite: ${name}`} onClick={tap} data-pid={pid}>
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={on ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
