import { createStore, del, get, keys, set } from "idb-keyval";

import type { SeenStore } from "./seen-record";

let store: ReturnType<typeof createStore> | undefined;
// a database of its own: the page copies (src/offline) are one user's and dropped at logout, this record is
// the device's and kept, whoever is signed in
const seen = () => (store ??= createStore("trading-pwa-fairness", "seen"));

/** The fairness record in IndexedDB; a storage failure (private mode, a full disk) reads as nothing seen. */
export const seenStore: SeenStore = {
  async get<T>(key: string) {
    try {
      return await get<T>(key, seen());
    } catch {
      return undefined;
    }
  },
  async set(key, value) {
    try {
      await set(key, value, seen());
    } catch {
      // not kept: the next answer is compared with less, never refused
    }
  },
  async del(key) {
    try {
      await del(key, seen());
    } catch {
      // left for the next prune
    }
  },
  async keys() {
    try {
      return (await keys(seen())).map(String);
    } catch {
      return [];
    }
  },
};
