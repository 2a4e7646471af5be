import { expect } from "vitest";

import { type ErrorKey, errorMessages } from "#contract/catalogue";
import { errorStatus } from "#contract/error-status";
import { translate } from "#server/http/i18n";

const HOLE = "\u0001";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// a count goes through an ICU plural, which needs a number: this one is then read back as a wildcard
const COUNT = 99;

/** The catalogue's text for an error in one language, with its placeholders ({field}, {min}…) as wildcards. */
export function catalogPattern(lang: string, key: ErrorKey): RegExp {
  const template = translate(lang, errorMessages[key], { field: HOLE, min: HOLE, max: HOLE, price: HOLE, minutes: COUNT }).replaceAll(
    String(COUNT),
    HOLE,
  );
  return new RegExp(`^${template.split(HOLE).map(escape).join("[^]+")}$`);
}

export interface Reply {
  status: number;
  body: { code?: unknown; msg?: unknown; err?: unknown; data?: unknown };
}

/**
 * Parses an answer; a body that is not the JSON envelope fails the test with what came back. A list's CSV export
 * (200, text/csv) is the one success outside the envelope: it reads as a success whose data is the text.
 */
export function readReply(response: { statusCode: number; body: string; headers?: Record<string, unknown> }): Reply {
  if (response.statusCode === 200 && String(response.headers?.["content-type"] ?? "").startsWith("text/csv"))
    return { status: 200, body: { code: 1, msg: "CSV export", data: response.body } };
  let body: Reply["body"];
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`not a JSON envelope (${response.statusCode}): ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, body };
}

/**
 * A refusal is the envelope {code: 0 (401 for a dead session), msg, err, data: null}, its HTTP status is the
 * catalogue's for that key, and msg is the catalogue's text in the language the request asked for.
 */
export function expectCatalogRefusal(reply: Reply, lang: string, context: string): ErrorKey {
  const { status, body } = reply;
  const where = `${context} → ${status} ${JSON.stringify(body).slice(0, 300)}`;
  expect(status, where).toBeLessThan(500);
  expect(typeof body.err, where).toBe("string");
  const key = body.err as ErrorKey;
  expect(Object.hasOwn(errorMessages, key), where).toBe(true);
  expect(status, where).toBe(errorStatus[key]);
  expect(body.code, where).toBe(status === 401 ? 401 : 0);
  expect(body.data, where).toBeNull();
  expect(typeof body.msg === "string" && body.msg.trim().length > 0, where).toBe(true);
  expect(body.msg, where).toMatch(catalogPattern(lang, key));
  return key;
}
