import type { Envelope } from "#contract/envelope";

import { recall, remember } from "./cache";

/**
 * `refusal`: the server's own answer (its message, in the reader's language) when it refused rather than could
 * not be reached: a page that is gone must not tell the reader to check their connection.
 */
export type Loaded<T> =
  { data: T; offlineSince?: number; refusal?: undefined } | { data: null; offlineSince?: undefined; refusal?: string };

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
  if (answer.err !== "network_error") return { data: null, refusal: answer.msg };
  const copy = await recall<T>(key);
  return copy ? { data: copy.data, offlineSince: copy.at } : { data: null };
}
