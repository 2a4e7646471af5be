import type { ServerLives } from "./server-lives";

/**
 * What a client can know about one request:
 * - ok: the envelope said code 1 (the server promises the effect happened),
 * - refused: an envelope with another code (the server promises nothing happened),
 * - unsent: the connection was refused, so no server ever saw it (nothing can have happened),
 * - unknown: cut off after it left (reset, closed, timed out): either outcome is possible.
 */
export type Outcome =
  | { kind: "ok"; data: any }
  | { kind: "refused"; status: number; err: string }
  | { kind: "unsent"; error: string }
  | { kind: "unknown"; error: string };

export interface Request {
  method: "GET" | "POST";
  path: string;
  fields?: Record<string, string>;
  /** a multipart body instead of the form fields (the screenshot upload) */
  form?: FormData;
  headers?: Record<string, string>;
}

/** Long enough for a busy 2-core machine; a request slower than this counts as unknown, never as failed. */
const TIMEOUT_MS = 20_000;

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? (error as { name?: string }).name ?? String(error);
}

/** Sends one request to whichever server is up now, waiting while it is down. */
export async function call(lives: ServerLives, request: Request): Promise<Outcome> {
  const baseUrl = await lives.whenUp();
  const query = new URLSearchParams(request.fields ?? {}).toString();
  const url = `${baseUrl}${request.path}${request.method === "GET" && query ? `?${query}` : ""}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        ...(request.method === "POST" && !request.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...request.headers,
      },
      body: request.method === "POST" ? (request.form ?? query) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const code = errorCode(error);
    return code === "ECONNREFUSED" ? { kind: "unsent", error: code } : { kind: "unknown", error: code };
  }
  let body: { code: number; err?: string; data: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    // the headers came back but the body was cut off: the handler may have finished its work
    return { kind: "unknown", error: `body: ${errorCode(error)}` };
  }
  return body.code === 1
    ? { kind: "ok", data: body.data }
    : { kind: "refused", status: response.status, err: body.err ?? String(body.code) };
}

/** For setup steps that must work: the data, or an error naming the request. */
export async function mustCall(lives: ServerLives, request: Request): Promise<any> {
  const outcome = await call(lives, request);
  if (outcome.kind !== "ok") throw new Error(`${request.method} ${request.path} failed: ${JSON.stringify(outcome)}`);
  return outcome.data;
}
