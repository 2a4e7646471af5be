import type { ServerProcess } from "../e2e/server-process";

// Plain requests to one server process, for the tests that run several on one PostgreSQL (the crash test's
// journalled client is `api-call.ts`).

export interface Envelope {
  code: number;
  msg: string;
  err?: string;
  data: any;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One form-encoded request as the PWA sends it; the answer's status and envelope. */
export async function request(
  server: ServerProcess,
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope }> {
  const query = method === "GET" && Object.keys(fields).length ? `?${new URLSearchParams(fields)}` : "";
  const response = await fetch(`${server.baseUrl}${path}${query}`, {
    method,
    headers: { ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...headers },
    body: method === "POST" ? new URLSearchParams(fields).toString() : undefined,
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

/** The envelope alone. */
export const call = async (...args: Parameters<typeof request>): Promise<Envelope> => (await request(...args)).body;

/** Whether this process holds the job lock, as the operator status says. */
export const isLeader = async (server: ServerProcess, opsToken: string) =>
  (await call(server, "GET", "/api/ops/status", {}, { "ops-token": opsToken })).data.leader as boolean;

/** Polls `probe` every 200 ms until it gives a value, failing with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
