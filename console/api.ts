import type { Envelope } from "#contract/envelope";
import { type OpsPath, opsPaths } from "#contract/ops-paths";
import type { AnswerOf } from "#contract/paths";

/**
 * The console's calls to the operator API. The session is the HttpOnly cookie the server set at sign-in: the
 * page never sees it, the browser sends it to /api/ops only.
 */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly key: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}

let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

/** Calls an operator endpoint; the answer's type comes from the path's entry in the contract. */
export async function call<P extends OpsPath>(endpoint: P, fields: Record<string, string | undefined> = {}): Promise<AnswerOf<P>> {
  const values = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const url = new URL(endpoint.path, location.href);
  const headers = new Headers({ language: localStorage.getItem("ops-language") ?? "en" });
  const request =
    endpoint.method === "GET"
      ? ((url.search = values.toString()), new Request(url, { headers, credentials: "same-origin" }))
      : new Request(url, { method: "POST", headers, body: values, credentials: "same-origin" });
  const response = await fetch(request);
  const answer = (await response.json()) as Envelope<AnswerOf<P>> & { err?: string };
  if (answer.code !== 1) {
    if (answer.err === "ops_forbidden") onSignedOut();
    throw new ConsoleError(answer.msg, answer.err, response.status);
  }
  return answer.data;
}

/** The operator endpoints, from the contract without their schemas, so the console ships no validator. */
export const api = opsPaths;
