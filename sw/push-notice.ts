import type { PushNotice } from "#contract/push";

/**
 * The notice in a push message's body (JSON, the server's sender in server/jobs/push.ts), or null for a body that
 * is not one. Apart from the worker's globals so a unit test can read one without a worker.
 */
export function readPushNotice(text: string | null | undefined): PushNotice | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { title, body, tag, url } = value as Record<string, unknown>;
  if (typeof title !== "string" || !title || typeof body !== "string" || typeof tag !== "string") return null;
  // only a route of this app: a tap must never lead anywhere else
  return { title, body, tag, url: typeof url === "string" && url.startsWith("#/") ? url : "#/" };
}
