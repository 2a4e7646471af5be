import { CHUNK_LOAD_TIMEOUT_MS } from "#contract/constants";

/**
 * Vite throws no ChunkLoadError; a page chunk that cannot be fetched (a deploy removed it, or the network is
 * gone) shows up as one of these messages.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

export const RELOAD_GUARD_KEY = "chunk-reload-at";
/** A second chunk failure this soon after a recovery reload is not retried: that would be a loop. */
export const RELOAD_GUARD_MS = 60_000;

export interface RecoveryEnvironment {
  online(): boolean;
  waitForOnline(timeoutMs: number): Promise<boolean>;
  reload(): void;
  storage: Pick<Storage, "getItem" | "setItem">;
  now(): number;
}

export type Recovery = "reloaded" | "gave-up";

/**
 * Offline: wait for the network (up to 120 s). Then reload once so a new deploy's chunks are used; a second
 * failure within the guard window gives up and the page shows the error with a retry button instead.
 */
export async function recoverFromChunkError(env: RecoveryEnvironment): Promise<Recovery> {
  if (!env.online() && !(await env.waitForOnline(CHUNK_LOAD_TIMEOUT_MS))) return "gave-up";
  const last = Number(env.storage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (env.now() - last < RELOAD_GUARD_MS) return "gave-up";
  env.storage.setItem(RELOAD_GUARD_KEY, String(env.now()));
  env.reload();
  return "reloaded";
}
