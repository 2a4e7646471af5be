import { clear, createStore, get, set } from "idb-keyval";

/** Data a loader fetched, kept for offline reading with the time it was fetched (Unix seconds). */
export interface Cached<T> {
  data: T;
  at: number;
}

let store: ReturnType<typeof createStore> | undefined;
const pageData = () => (store ??= createStore("trading-pwa", "page-data"));

export async function remember<T>(key: string, data: T): Promise<void> {
  try {
    await set(key, { data, at: Math.floor(Date.now() / 1000) } satisfies Cached<T>, pageData());
  } catch {
    // private mode or a full disk: offline reading is a convenience, never a reason to fail the page
  }
}

export async function recall<T>(key: string): Promise<Cached<T> | undefined> {
  try {
    return await get<Cached<T>>(key, pageData());
  } catch {
    return undefined;
  }
}

/** Drops every saved copy: they are one user's data, and must not be read by whoever logs in next. */
export async function forgetAll(): Promise<void> {
  try {
    await clear(pageData());
  } catch {
    // nothing stored, or storage unavailable: nothing to forget
  }
}
