import ky, { type KyInstance } from "ky";
import { REQUEST_TIMEOUT_MS } from "../../contract/constants";
import type { ApiPath } from "../../contract/paths";
import type { Envelope, Failure } from "../../contract/envelope";
import { errorMessages } from "../../contract/messages";
import { i18n } from "../i18n/i18n";
import { readStoredLanguage } from "../i18n/language";
import { showToast } from "../ui/toast";
import { readToken } from "./session";

export type Fields = Record<string, string | number | undefined>;

let instance: KyInstance | undefined;
// server clock minus this device's clock, in seconds, from the Date header of answers
let serverOffsetSeconds = 0;

/** Now on the server's clock (Unix seconds): countdowns end when the server settles, not the phone. */
export function serverNow(): number {
  return Date.now() / 1000 + serverOffsetSeconds;
}
let unauthorizedHandler: () => void = () => {};

/** The app decides where a dead session goes (the login page); the client only reports it. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

function client(): KyInstance {
  // The page's own host (spec §7), resolved when first used so tests can set the location first.
  instance ??= ky.create({
    prefixUrl: new URL("/api/", location.href).href,
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
  });
  return instance;
}

/** Fields as sent: undefined ones left out, numbers as text. */
export function definedFields(fields: Fields): Record<string, string> {
  const entries = Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

export function networkFailure(): Failure {
  return { code: 0, msg: i18n._(errorMessages.network_error), err: "network_error", data: null };
}

export interface CallOptions {
  /** Do not toast a refusal (the caller shows it another way). */
  quiet?: boolean;
  /** The caller handles a 401 itself (the start-up check), so the app is not told. */
  expectLoggedOut?: boolean;
}

/**
 * Calls one endpoint and hands back the envelope whole (spec §7). A refusal's `msg` is toasted for 2000 ms;
 * a 401 also tells the app, which sends the user to log in.
 */
export async function call<T>(endpoint: ApiPath, fields: Fields = {}, options: CallOptions = {}): Promise<Envelope<T>> {
  const path = endpoint.path.replace(/^\/api\//, "");
  let envelope: Envelope<T>;
  try {
    const response =
      endpoint.method === "GET"
        ? await client().get(path, { searchParams: definedFields(fields) })
        : await client().post(path, { body: new URLSearchParams(definedFields(fields)) });
    const date = Date.parse(response.headers.get("date") ?? "");
    if (!Number.isNaN(date)) serverOffsetSeconds = Math.round((date - Date.now()) / 1000);
    envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope !== "object" || envelope === null || !("code" in envelope)) envelope = networkFailure() as Envelope<T>;
  } catch {
    envelope = networkFailure() as Envelope<T>;
  }
  if (envelope.code !== 1) {
    if (envelope.code === 401) {
      if (!options.expectLoggedOut) unauthorizedHandler();
    }
    else if (!options.quiet) showToast(envelope.msg, { tone: "error" });
  }
  return envelope;
}

/** A loader's view of an answer: its data, or null when refused (the refusal was already toasted). */
export const dataOrNull = <T>(answer: Envelope<T>): T | null => (answer.code === 1 ? answer.data : null);
