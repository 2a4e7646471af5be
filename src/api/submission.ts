import { useCallback, useState } from "react";

import type { Envelope } from "#contract/envelope";

import { definedFields, type Fields } from "./client";

export type WithRequestId<F> = F & { requestId: string };

const keyOf = (fields: Fields) => JSON.stringify(Object.entries(definedFields(fields)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * One form's submissions of an action the server does once per requestId (money moved, a record created).
 * Each submission gets a fresh requestId. When its answer never arrived (network failure, timeout) the
 * outcome is unknown, so sending the same values again reuses that requestId: the server then answers the
 * first attempt instead of acting twice. Any answer that did arrive ends the submission, and the next press
 * is a new one. A press while a submission is in flight joins it instead of sending a second request.
 */
export class Submission {
  private inFlight: Promise<Envelope<unknown>> | null = null;
  private unanswered: { key: string; requestId: string } | null = null;

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  get busy(): boolean {
    return this.inFlight !== null;
  }

  send<F extends Fields, T>(fields: F, post: (fields: WithRequestId<F>) => Promise<Envelope<T>>): Promise<Envelope<T>> {
    if (this.inFlight) return this.inFlight as Promise<Envelope<T>>;
    const key = keyOf(fields);
    const requestId = this.unanswered?.key === key ? this.unanswered.requestId : this.newId();
    return this.track(
      post({ ...fields, requestId }).then((answer) => {
        this.unanswered = answer.code !== 1 && answer.err === "network_error" ? { key, requestId } : null;
        return answer;
      }),
    );
  }

  /**
   * An action the server does not key (log in, register, send a code, change the login password): no requestId
   * is added, but a press while one is in flight still joins it.
   */
  run<T>(post: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
    if (this.inFlight) return this.inFlight as Promise<Envelope<T>>;
    return this.track(post());
  }

  private track<T>(sending: Promise<Envelope<T>>): Promise<Envelope<T>> {
    this.inFlight = sending.finally(() => {
      this.inFlight = null;
    });
    return this.inFlight as Promise<Envelope<T>>;
  }
}

const submitted = new EventTarget();

/**
 * Called after every accepted once-only action (money moved, a record created), so pages showing balances
 * read them again; returns the unsubscribe.
 */
export function onSubmitted(listener: () => void): () => void {
  submitted.addEventListener("submitted", listener);
  return () => submitted.removeEventListener("submitted", listener);
}

/**
 * A form's Submission with its in-flight state for the submit button. `submit` sends a once-only action (with its
 * requestId) and tells the pages showing balances when it was accepted; `send` an action the server does not key.
 * `inFlight` answers at once, before React has drawn the busy button.
 */
export function useSubmission() {
  const [submission] = useState(() => new Submission());
  const [busy, setBusy] = useState(false);
  const track = useCallback(
    async <T>(sending: () => Promise<Envelope<T>>): Promise<Envelope<T>> => {
      setBusy(true);
      try {
        return await sending();
      } finally {
        setBusy(submission.busy);
      }
    },
    [submission],
  );
  const submit = useCallback(
    <F extends Fields, T>(fields: F, post: (fields: WithRequestId<F>) => Promise<Envelope<T>>): Promise<Envelope<T>> =>
      track(async () => {
        const answer = await submission.send(fields, post);
        if (answer.code === 1) submitted.dispatchEvent(new Event("submitted"));
        return answer;
      }),
    [submission, track],
  );
  const send = useCallback(
    <T>(post: () => Promise<Envelope<T>>): Promise<Envelope<T>> => track(() => submission.run(post)),
    [submission, track],
  );
  const inFlight = useCallback(() => submission.busy, [submission]);
  return { submit, send, busy, inFlight };
}
