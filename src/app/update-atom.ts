import { atom } from "jotai";

/**
 * Set when a new version is installed and waiting; calling it activates the new version and reloads. Its own
 * module: the prompt reads it in the first chunk, and the deferred registration that sets it must not import
 * the module that loads it.
 */
export const applyUpdateAtom = atom<(() => void) | null>(null);
