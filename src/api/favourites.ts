import { atom } from "jotai";

import { apiPaths } from "#contract/paths";

import { cachedLoad } from "../offline/cached-load";
import { store } from "../ui/store";
import { call } from "./client";
import { currentUserAtom, readToken } from "./session";

/** The signed-in customer's starred product ids, in the order starred; null until read. Kept on the server. */
export const favouritesAtom = atom<readonly number[] | null>(null);

// another customer's stars are not this one's: they are dropped when the signed-in user changes or logs out
let owner: number | null = null;
store.sub(currentUserAtom, () => {
  const id = store.get(currentUserAtom)?.id ?? null;
  if (owner !== null && id !== owner) store.set(favouritesAtom, null);
  owner = id;
});

let reading: Promise<readonly number[]> | null = null;

/** Reads the stars (the saved copy offline); none without a session. Stars asking together share one read. */
export function loadFavourites(): Promise<readonly number[]> {
  if (!readToken()) {
    store.set(favouritesAtom, null);
    return Promise.resolve([]);
  }
  reading ??= cachedLoad("favourites", () => call(apiPaths.favourites, {}, { quiet: true }))
    .then((loaded) => {
      if (loaded.data) store.set(favouritesAtom, loaded.data);
      return loaded.data ?? [];
    })
    .finally(() => (reading = null));
  return reading;
}

/** Stars or unstars a product: shown at once, then set to what the server holds (back as it was when refused). */
export async function setFavourite(pid: number, on: boolean): Promise<void> {
  const before = store.get(favouritesAtom) ?? [];
  store.set(favouritesAtom, on ? [...before.filter((id) => id !== pid), pid] : before.filter((id) => id !== pid));
  const answer = await call(apiPaths.setFavourite, { pid, on: on ? 1 : 0 });
  store.set(favouritesAtom, answer.code === 1 ? answer.data : before);
}
