import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { LANGUAGE_CODES } from "#contract/languages";
import { PRODUCT_CATALOG } from "#server/market/catalog";

import { readCatalog } from "./po";

interface Entry {
  term: string;
  forbidden: string[];
  allowIn?: string[];
}
const glossary = JSON.parse(readFileSync("docs/glossary.json", "utf8")) as { languages: Record<string, Record<string, Entry>> };
const seed = JSON.parse(readFileSync("server/modules/content/seed-content.json", "utf8")) as Array<{
  item: string;
  text: Record<string, { title: string; summary: string; body: string }>;
}>;
const CONCEPTS = [
  "recharge",
  "withdrawal",
  "settlement",
  "payout rate",
  "fund password",
  "yuebao",
  "up",
  "down",
  "open price",
  "close price",
  "investment tab",
  "real-name verification",
  "coin",
  "expiry time",
  "stake",
  "you",
  "wallet",
  "nvidia",
  "order",
  "customer service",
  // the practice account, kept apart from simulated prices (which real-money products may have too)
  "practice account",
];

/** The instruments' names as a language shows them (English is the catalogue's own name). */
const productNames = (code: string) =>
  PRODUCT_CATALOG.map((product) => (code === "en" ? product.name : product.nameTexts[code as keyof typeof product.nameTexts]));

const has = (text: string, word: string) => text.toLocaleLowerCase().includes(word.toLocaleLowerCase());

describe("glossary: one word per concept", () => {
  it("covers every language and every key concept", () => {
    expect(Object.keys(glossary.languages).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const code of LANGUAGE_CODES) expect(Object.keys(glossary.languages[code]!).sort(), code).toEqual([...CONCEPTS].sort());
  });

  for (const code of LANGUAGE_CODES) {
    describe(code, () => {
      const terms = glossary.languages[code]!;
      const catalog = readCatalog(code);

      it("the catalog (or, for an instrument, the product names) uses each chosen term", () => {
        const texts = [...catalog.values(), ...productNames(code)];
        const unused = Object.entries(terms).filter(([, entry]) => !texts.some((text) => has(text, entry.term)));
        expect(
          unused.map(([concept, entry]) => `${concept}: ${entry.term}`),
          code,
        ).toEqual([]);
      });

      it("the catalog uses no forbidden alternative", () => {
        const found: string[] = [];
        for (const [concept, entry] of Object.entries(terms))
          for (const word of entry.forbidden)
            for (const [id, text] of catalog)
              if (has(text, word) && !entry.allowIn?.includes(id)) found.push(`${concept}: "${word}" in ${id} → ${text}`);
        expect(found, code).toEqual([]);
      });

      it("the product names use no forbidden alternative", () => {
        const found: string[] = [];
        for (const [concept, entry] of Object.entries(terms))
          for (const word of entry.forbidden)
            for (const name of productNames(code)) if (has(name, word)) found.push(`${concept}: "${word}" in ${name}`);
        expect(found, code).toEqual([]);
      });

      it("the seeded content uses no forbidden alternative", () => {
        const found: string[] = [];
        for (const item of seed) {
          const text = item.text[code];
          if (!text) continue;
          for (const [concept, entry] of Object.entries(terms))
            for (const word of entry.forbidden)
              for (const part of [text.title, text.summary, text.body])
                if (has(part, word)) found.push(`${concept}: "${word}" in ${item.item}`);
        }
        expect(found, code).toEqual([]);
      });
    });
  }
});
