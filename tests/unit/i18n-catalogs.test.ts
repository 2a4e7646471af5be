import { describe, expect, it } from "vitest";

import { errorMessages, fieldLabels, successMessages } from "#contract/catalogue";
import { LANGUAGE_CODES } from "#contract/languages";

import { placeholders, readCatalog } from "./po";

const catalog = readCatalog;
const english = catalog("en");
// Names and symbols that read the same in every language.
// "MACD (12, 26, 9)": the study's name and parameters, written so in every language's charting tools
const SAME_IN_EVERY_LANGUAGE = new Set(["VIP {0}", "Yuebao", "TradePWA", "1h", "Alipay", "WeChat Pay", "MACD (12, 26, 9)"]);
// Words a language really spells as English does (checked by a translator, not copied).
const SAME_IN_LANGUAGE: Record<string, Set<string>> = {
  de: new Set(["Futures", "Symbol", "Wallet", "Name", "Name: {0}", "Status", "Version {APP_VERSION}", "Trades"]),
  // "Demo": the practice account's short word on a narrow trade screen, as Spanish and Vietnamese trading apps write it
  es: new Set(["1d", "Real", "Demo"]),
  vi: new Set(["Demo"]),
  fr: new Set([
    "Crypto",
    "Page",
    "Minimum {0} U",
    "Type",
    "Messages",
    "Version {APP_VERSION}",
    "Latitude",
    "Longitude",
    "{rest, plural, one {# minute} other {# minutes}}",
  ]),
};

describe("translation catalogs", () => {
  it("catalogue ids follow the rule the client reads them by (src/i18n/catalogue.ts)", () => {
    for (const [key, descriptor] of Object.entries(errorMessages)) expect(descriptor.id).toBe(`error.${key}`);
    for (const [key, descriptor] of Object.entries(successMessages)) expect(descriptor.id).toBe(`success.${key}`);
  });

  it("the English catalog holds every shared message of the contract", () => {
    for (const descriptor of [...Object.values(errorMessages), ...Object.values(successMessages), ...Object.values(fieldLabels)]) {
      expect(english.get(descriptor.id), descriptor.id).toBe(descriptor.message);
    }
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== "en")) {
    describe(code, () => {
      const translated = catalog(code);

      it("translates every message", () => {
        const missing = [...english.keys()].filter((id) => !translated.get(id));
        expect(missing, `untranslated in ${code}`).toEqual([]);
      });

      it("keeps every placeholder", () => {
        for (const [id, source] of english) {
          const text = translated.get(id);
          if (text) expect(placeholders(text), `${code}: ${id}`).toEqual(placeholders(source || id));
        }
      });

      it("is a translation, not an English copy", () => {
        const same = (text: string) => SAME_IN_EVERY_LANGUAGE.has(text) || SAME_IN_LANGUAGE[code]?.has(text);
        const copies = [...english].filter(([id, source]) => translated.get(id) === (source || id) && !same(source || id));
        expect(
          copies.map(([id]) => id),
          `copied from English in ${code}`,
        ).toEqual([]);
      });
    });
  }
});
