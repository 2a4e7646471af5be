import fc from "fast-check";

/**
 * Values an attacker or a broken client sends instead of what a field expects. Strings are what form bodies
 * and queries carry; JSON bodies add numbers, booleans, null, arrays and nested objects.
 */
const HUGE = 100_000;

const nastyStrings = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "abc\u0000def",
  "\u202Eevil\u202C", // right-to-left override
  "\u200B\u200D\uFEFF", // zero-width characters and a BOM
  "😀👨‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "\uD800", // a lone surrogate
  "١٢٣", // Arabic-Indic digits
  "１２３", // full-width digits
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "1 UNION SELECT password_hash FROM users",
  "$1",
  "%",
  "_",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}",
  "../../../../etc/passwd",
  "/api/files/../../etc/passwd",
  "%00%2e%2e%2f",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e999",
  "-1e999",
  "-0",
  "-1",
  "-0.01",
  "0",
  "0.00",
  "0.001",
  "1.005",
  "0x10",
  "1_000",
  "  100  ",
  "+100",
  "9007199254740993",
  "999999999999.99",
  "99999999999999999999999",
  "2147483648",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 6 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom("x", "9", "<", "💥").map((c) => c.repeat(HUGE / c.length)), weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.1 + 0.2, 1.005),
  fc.double(),
  fc.integer(),
);

/** Anything JSON can carry (NaN and Infinity become null on the wire, so they are sent as text instead). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom("a", "$gt", "__proto__", "0"), hostileString, { maxKeys: 2 }), weight: 1 },
);

/** Fields a request should never be able to set, mixed into bodies beside the real ones. */
const smuggledFields = [
  "userId",
  "user_id",
  "cash",
  "balance",
  "price",
  "openPrice",
  "payout",
  "fee",
  "status",
  "locked",
  "isAdmin",
  "role",
  "token",
  "constructor",
];

/** Plausible values per field name, so one hostile field among valid ones reaches the rules behind the schema. */
export function plausibleBody(fields: string[], plausible: Record<string, string>): Record<string, string> {
  return Object.fromEntries(fields.flatMap((field) => (plausible[field] === undefined ? [] : [[field, plausible[field]!]])));
}

export type FieldEdit = { kind: "hostile"; value: unknown } | { kind: "missing" } | { kind: "plausible" };

const fieldEdit: fc.Arbitrary<FieldEdit> = fc.oneof(
  { arbitrary: hostileValue.map((value) => ({ kind: "hostile" as const, value })), weight: 3 },
  { arbitrary: fc.constant({ kind: "missing" as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: "plausible" as const }), weight: 2 },
);

/** A body over the endpoint's fields: each one hostile, missing or plausible; sometimes extra fields. */
export function hostileBody(fields: string[], plausible: Record<string, string>): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.length > 0 ? fields : ["id"];
  return fc
    .tuple(fc.tuple(...known.map(() => fieldEdit)), fc.dictionary(fc.constantFrom(...smuggledFields), hostileValue, { maxKeys: 2 }))
    .map(([edits, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      known.forEach((field, i) => {
        const edit = edits[i]!;
        if (edit.kind === "hostile") body[field] = edit.value;
        else if (edit.kind === "plausible" && plausible[field] !== undefined) body[field] = plausible[field];
      });
      return body;
    });
}

/** How the body travels: the PWA's form encoding, JSON, a query string, or bytes no parser should accept. */
export type Encoding = "form" | "json" | "query" | "broken-json" | "text" | "multipart";
export const encoding: fc.Arbitrary<Encoding> = fc.constantFrom("form", "form", "json", "query", "broken-json", "text", "multipart");

/** Form encoding as a browser or a hand-written client would produce it: arrays repeat, objects nest in brackets. */
export function toForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item) => add(key, item));
    else if (value !== null && typeof value === "object") Object.entries(value).forEach(([sub, item]) => add(`${key}[${sub}]`, item));
    else params.append(key, String(value));
  };
  Object.entries(body).forEach(([key, value]) => add(key, value));
  return params.toString();
}
