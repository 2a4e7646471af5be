import { type NavigateOptions, type RegisteredRouter, useRouter } from "@tanstack/react-router";

import type { Envelope, Failure } from "#contract/envelope";

import type { Fields } from "../api/client";
import { useSubmission, type WithRequestId } from "../api/submission";
import { showToast } from "./toast";

/** What a page does with the server's answer to one submission. */
export interface SubmitEffects<T, To extends string | undefined = "."> {
  /** Shows the server's success message as a toast; on unless false (the trade screen shows the placed order instead). */
  toast?: boolean;
  /** The page's own part of a success (close a sheet, clear a field, keep the answer), before the reload or navigation. */
  onSuccess?: (data: T) => void;
  /**
   * A refusal, to show in the page as well: the API client has toasted it already. A 401 is not one: the app
   * sends the user to log in.
   */
  onRefusal?: (answer: Failure) => void;
  /** After a success, read the page's loaders again. */
  reload?: boolean;
  /** After a success, go here. */
  navigate?: NavigateOptions<RegisteredRouter, string, To>;
}

/**
 * The one submit path of a form: one submission in flight (a press while it is under way does nothing and
 * resolves undefined), the idempotency key of a once-only action (`Submission`), and what follows the answer.
 * `submit` is for the actions the server does once per requestId; `send` for those it does not key (log in,
 * register, send a code, change the login password). Both resolve with the answer once the effects have run.
 */
export function useSubmit() {
  const router = useRouter();
  const { submit: submitOnce, send: sendPlain, busy, inFlight } = useSubmission();

  async function finish<T, To extends string | undefined>(answer: Envelope<T>, effects: SubmitEffects<T, To>): Promise<Envelope<T>> {
    if (answer.code !== 1) {
      if (answer.code !== 401) effects.onRefusal?.(answer);
      return answer;
    }
    effects.onSuccess?.(answer.data);
    if (effects.toast !== false) showToast(answer.msg, { tone: "success" });
    if (effects.reload) await router.invalidate();
    if (effects.navigate) await router.navigate(effects.navigate);
    return answer;
  }

  async function submit<F extends Fields, T, To extends string | undefined = ".">(
    fields: F,
    post: (fields: WithRequestId<F>) => Promise<Envelope<T>>,
    effects: SubmitEffects<T, To> = {},
  ): Promise<Envelope<T> | undefined> {
    if (inFlight()) return undefined;
    return finish(await submitOnce(fields, post), effects);
  }

  async function send<T, To extends string | undefined = ".">(
    post: () => Promise<Envelope<T>>,
    effects: SubmitEffects<T, To> = {},
  ): Promise<Envelope<T> | undefined> {
    if (inFlight()) return undefined;
    return finish(await sendPlain(post), effects);
  }

  return { submit, send, busy };
}
