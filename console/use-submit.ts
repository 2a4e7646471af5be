import { useState } from "react";

import { ConsoleError } from "./api";

/**
 * One write from a console form: busy while it runs, the server's refusal as `error`, or `notice` once done (none
 * when the form moves on instead, as a sign-in does). Answers whether it succeeded, so the caller can reload.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async (action: () => Promise<unknown>, doneMessage?: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      setNotice(doneMessage ?? null);
      return true;
    } catch (failure) {
      setError(failure instanceof ConsoleError ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, notice, submit };
}
