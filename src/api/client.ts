import type { KyInstance } from "ky";

import { REQUEST_TIMEOUT_MS } from "#contract/constants";
import type { Envelope, Failure } from "#contract/envelope";
import type { AnswerOf, ApiPath } from "#contract/paths";

import { errorText } from "../i18n/catalogue";
import { readStoredLanguage } from "../i18n/language";
import { reportAnswer, reportNetworkFailure } from "../offline/reachability";
import { showToast } from "../ui/toast";
import { takeEarlyAnswer } from "./early-answers";
import { markUserStale, readToken } from "./session";

export type Fields = Record<string, string | number | undefined>;

// server clock minus this device's clock, in seconds, from the Date header of answers
let serverOffsetSeconds = 0;

/** Now on the server's clock (Unix seconds): countdowns end when the server settles, not the phone. */
export function serverNow(): number {
  return Date.now() / 1000 + serverOffsetSeconds;
}
let unauthorizedHandler: () => void = () => {};

/** A 401 on a request `call` did not make (a file download): the app sends the user to log in, as for any call. */
export const reportUnauthorized = () => unauthorizedHandler();

/** The app decides where a dead session goes (the login page); the client only reports it. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

let passwordChangeHandler: () => void = () => {};

/**
 * Support reset the password and the server refuses this session everything but the change: the app decides
 * where that is (the change page, src/app/password-change.ts); the client only reports it.
 */
export function onPasswordChangeRequired(handler: () => void): void {
  passwordChangeHandler = handler;
}

/**
 * The one ky instance: the page's own origin as prefix, form-encoded fields, the language and token headers on
 * every request, the 60 s timeout, no retries (a money POST must not be sent twice; a GET is polled again by
 * its page anyway) and every answer handed back, refusals and 401s included, since the envelope says what
 * happened. ky is its own chunk, requested as soon as the shell runs (this module's first evaluation) and
 * awaited by the first call: in the shell its 4.7 KB (gzip) put Home over its 115 KB budget.
 */
const kyModule = import("ky");
let instance: Promise<KyInstance> | undefined;
function api(): Promise<KyInstance> {
  instance ??= kyModule.then(({ default: ky }) =>
    ky.create({
      // The page's own host, read at the first call so tests can set the location first.
      prefixUrl: new URL("/", location.href).href,
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      throwHttpErrors: false,
      hooks: {
        beforeRequest: [
          (request) => {
            const language = readStoredLanguage();
            request.headers.set("language", language);
            request.headers.set("lang", language);
            const token = readToken();
            if (token) request.headers.set("token", token);
          },
        ],
      },
    }),
  );
  return instance;
}

/** One request with the app's headers, encoding and timeout (a file download sends its own through it too). */
export async function send(endpoint: ApiPath, fields: Fields, headers: Record<string, string>): Promise<Response> {
  const values = new URLSearchParams(definedFields(fields));
  // the first screen's own first reads may be on their way already, sent before the app arrived (the same path
  // and fields, in the same order)
  if (endpoint.method === "GET" && Object.keys(headers).length === 0) {
    const query = values.toString();
    const early = takeEarlyAnswer(query ? `${endpoint.path}?${query}` : endpoint.path, readToken(), readStoredLanguage());
    if (early) return early;
  }
  const client = await api();
  // ky joins a prefix only to a path without its leading slash
  const path = endpoint.path.replace(/^\//, "");
  if (endpoint.method === "GET") return client.get(path, { searchParams: values, headers });
  return client.post(path, { body: values, headers });
}

/** Fields as sent: undefined ones left out, numbers as text. */
export function definedFields(fields: Fields): Record<string, string> {
  const entries = Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

export function networkFailure(): Failure {
  return { code: 0, msg: errorText("network_error"), err: "network_error", data: null };
}

export interface CallOptions {
  /** Do not toast a refusal (the caller shows it another way). */
  quiet?: boolean;
  /** The caller handles a 401 itself (the start-up check), so the app is not told. */
  expectLoggedOut?: boolean;
  /** Extra headers of this one request (the device id a registration or login sends). */
  headers?: Record<string, string>;
}

/**
 * Calls one endpoint and hands back the envelope whole, its `data` typed by what the path answers (the
 * contract's answer type, so no call site picks its own). A refusal's `msg` is toasted for 2000 ms;
 * a 401 also tells the app, which sends the user to log in.
 */
export async function call<P extends ApiPath>(endpoint: P, fields: Fields = {}, options: CallOptions = {}): Promise<Envelope<AnswerOf<P>>> {
  type T = AnswerOf<P>;
  let envelope: Envelope<T>;
  let response: Response | undefined;
  try {
    response = await send(endpoint, fields, options.headers ?? {});
    reportAnswer();
    const date = Date.parse(response.headers.get("date") ?? "");
    if (!Number.isNaN(date)) serverOffsetSeconds = Math.round((date - Date.now()) / 1000);
    envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope !== "object" || envelope === null || !("code" in envelope)) envelope = networkFailure() as Envelope<T>;
  } catch {
    // no answer at all (not an unreadable one): the server cannot be reached from here
    if (!response) reportNetworkFailure();
    envelope = networkFailure() as Envelope<T>;
  }
  // a write that went through may have changed the account (balance, unread count, verification…)
  if (envelope.code === 1 && endpoint.method !== "GET") markUserStale();
  if (envelope.code !== 1) {
    if (envelope.code === 401) {
      if (!options.expectLoggedOut) unauthorizedHandler();
    } else if (envelope.err === "password_change_required") {
      // the saved user may predate the reset: the guard reads it again and finds the flag; the change page
      // says why, so no toast (several calls of one page would each raise one)
      markUserStale();
      passwordChangeHandler();
    } else if (!options.quiet) showToast(envelope.msg, { tone: "error" });
  }
  return envelope;
}

/** A loader's view of an answer: its data, or null when refused (the refusal was already toasted). */
export const dataOrNull = <T>(answer: Envelope<T>): T | null => (answer.code === 1 ? answer.data : null);
