import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ErrorKey, errorMessages } from "#contract/catalogue";
import { formatDecimal } from "#contract/decimal-format";
import { errorNumberValues, UnitAmount } from "#contract/localized-values";
import { errorEnvelope } from "#server/http/envelope";
import { AppError } from "#server/modules/errors";

import { api, type Harness, registerUser, rid, startHarness } from "./harness";
import { makePng, uploadFile } from "./images";

// Refusal placeholders that are words, not numbers: a field's label, a date written in the spec's form. A plural's
// count ({minutes, plural, …}) is written by the message format in the language's digits already.
const WORD_PLACEHOLDERS = new Set(["field", "date"]);

/** The plain placeholders of a catalogue message: "{min}" and "{max}", not a plural's "{minutes, plural, …}". */
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

const keys = Object.keys(errorMessages) as ErrorKey[];
const withNumbers = keys.filter((key) => errorNumberValues[key]);

/** Every placeholder of the key filled: numbers with `number`, words with a word. */
function refusal(key: ErrorKey, number: string | UnitAmount) {
  const values = Object.fromEntries(
    placeholders(errorMessages[key].message).map((name) => [name, WORD_PLACEHOLDERS.has(name) ? "x" : number]),
  );
  return new AppError(key, values);
}

describe("numbers inside refusals, in the customer's language", () => {
  it("knows every numeric placeholder of the catalogue, so a new refusal with a number is written by locale too", () => {
    const unknown = keys.flatMap((key) =>
      placeholders(errorMessages[key].message)
        .filter((name) => !WORD_PLACEHOLDERS.has(name) && !errorNumberValues[key]?.[name])
        .map((name) => `${key}.${name}`),
    );
    expect(unknown).toEqual([]);
    // and the table names no placeholder its message does not have
    const stale = withNumbers.flatMap((key) =>
      Object.keys(errorNumberValues[key]!)
        .filter((name) => !placeholders(errorMessages[key].message).includes(name))
        .map((name) => `${key}.${name}`),
    );
    expect(stale).toEqual([]);
    expect(withNumbers.length).toBeGreaterThanOrEqual(12);
  });

  it.each(withNumbers)("%s: grouping and decimal comma in de, dot in en, the unit after an amount", (key) => {
    const kinds = Object.values(errorNumberValues[key]!);
    const de = errorEnvelope("de", refusal(key, "1234567.5")).msg;
    const en = errorEnvelope("en", refusal(key, "1234567.5")).msg;
    if (kinds.includes("amount")) {
      expect(de).toContain("1.234.567,50\u00a0U");
      expect(en).toContain("1,234,567.50\u00a0U");
    } else {
      expect(de).toContain("1.234.567,5");
      expect(en).toContain("1,234,567.5");
    }
    for (const msg of [de, en]) expect(msg).not.toContain("1234567");
  });

  it("writes an amount in coin with the coin's name in the language, and keeps a rate's four decimals", () => {
    const small = new AppError("amount_too_small", { min: new UnitAmount("0.5000", "coin") });
    expect(errorEnvelope("de", small).msg).toContain("0,5000\u00a0Coin");
    expect(errorEnvelope("fr", small).msg).toContain("0,5000\u00a0jetons");
    expect(errorEnvelope("en", small).msg).toContain("0.5000\u00a0coin");
    // fr groups with a narrow no-break space
    expect(errorEnvelope("fr", new AppError("single_max", { max: "50000" })).msg).toContain("50\u202f000,00\u00a0U");
  });

  it("hands the client the price it acts on as the API writes it, whatever the text says", () => {
    const moved = errorEnvelope("de", new AppError("price_moved", { price: "1234.56789" }));
    expect(moved.msg).toContain("1.234,56789");
    expect(moved.values).toEqual({ price: "1234.56789" });
  });
});

describe("a refusal through the API", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("says a recharge's minimum in the lang header's language", async () => {
    const { token } = await registerUser(h, `numbers${Date.now() % 1_000_000}`, "login123", "fund1234");
    const rules = (await api(h, "GET", "/api/user/recharge", {}, { token: token! })).body.data;
    const upload = await uploadFile(h, token!, makePng());
    const send = (lang: string) =>
      api(
        h,
        "POST",
        "/api/user/dorecharge",
        { requestId: rid(), channelId: String(rules.channels[0].id), amount: "0.01", screenshot: upload.body.data.url },
        { token: token!, lang },
      );
    const de = await send("de");
    expect(de.body.err).toBe("amount_too_small");
    expect(de.body.msg).toContain(`${formatDecimal(rules.minAmount, "de", 2)}\u00a0U`);
    expect(de.body.msg).toMatch(/\d,\d\d\u00a0U/);
    const en = await send("en");
    expect(en.body.msg).toContain(`${formatDecimal(rules.minAmount, "en", 2)}\u00a0U`);
    expect(en.body.msg).toMatch(/\d\.\d\d\u00a0U/);
  });
});
