import type { Envelope } from "#contract/envelope";

import { recall, remember } from "./cache";

export type Loaded<T> = { data: T; offlineSince?: number } | { data: null; offlineSince?: undefined };

/**
 * A loader's fetch with an offline copy: a fresh answer is stored in IndexedDB; when the network fails, the
 * stored copy is returned with the time it was fetched (shown as "offline — as of …").
 */
export async function cachedLoad<T>(key: string, fetcher: () => Promise<Envelope<T>>): Promise<Loaded<T>> {
  const answer = await fetcher();
  if (answer.code === 1) {
    await remember(key, answer.data);
    return { data: answer.data };
  }
  if (answer.err !== "network_error") return { data: null };
  const copy = await recall<T>(key);
  return copy ? { data: copy.data, offlineSince: copy.at } : { data: null };
}
