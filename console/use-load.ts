import { useCallback, useEffect, useState } from "react";

import { ConsoleError } from "./api";

/** Loads once and again on `reload()`; errors are shown where the data would be. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    run()
      .then((value) => live && (setData(value), setError(null)))
      .catch((failure: unknown) => live && setError(failure instanceof ConsoleError ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [run, round]);
  return { data, error, reload: () => setRound((n) => n + 1) };
}
