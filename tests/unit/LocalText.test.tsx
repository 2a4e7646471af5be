import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";

import { localText, TRANSLATED_LANGUAGES, withTranslations } from "#contract/localized-texts";

import { TranslationRows } from "../../console/TranslationRows";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The one rule for a customer-facing text in a language: its translation, else the English text. The server
// builds its answers with it and the console shows operators what customers will see with it.
describe("localText", () => {
  const gold = { jp: "金 XAU/USD", zh: "黄金 XAU/USD", de: "  " };
  it("shows the language's text when there is one", () => {
    expect(localText("Gold XAU/USD", gold, "jp")).toBe("金 XAU/USD");
    expect(localText("Gold XAU/USD", gold, "zh")).toBe("黄金 XAU/USD");
  });
  it("falls back to English for a language without text, a blank text, or no translations at all", () => {
    expect(localText("Gold XAU/USD", gold, "fr")).toBe("Gold XAU/USD");
    expect(localText("Gold XAU/USD", gold, "de")).toBe("Gold XAU/USD");
    expect(localText("Gold XAU/USD", null, "jp")).toBe("Gold XAU/USD");
  });
  it("shows English in English even if a stray English translation was stored", () => {
    expect(localText("Gold XAU/USD", { en: "Other" }, "en")).toBe("Gold XAU/USD");
  });
});

describe("withTranslations", () => {
  it("replaces the languages a form sent, removes the emptied ones and keeps the others", () => {
    const stored = { jp: "金", zh: "黄金", fr: "Or" };
    expect(withTranslations(stored, { name_jp: " ゴールド ", name_fr: "", name: "Gold" }, "name")).toEqual({ jp: "ゴールド", zh: "黄金" });
    expect(withTranslations(stored, { title_jp: "x" }, "name")).toEqual(stored);
    expect(withTranslations(null, {}, "name")).toEqual({});
  });
});

describe("the console's translation rows", () => {
  it("offers the nine languages beside English, each empty one showing the English text customers will see", async () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    const host = document.createElement("div");
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <I18nProvider i18n={i18n}>
          <TranslationRows field="name" label="Name" english="Gold XAU/USD" texts={{ jp: "金 XAU/USD" }} maxLength={60} />
        </I18nProvider>,
      ),
    );
    const inputs = [...host.querySelectorAll("input")];
    expect(inputs.map((input) => input.name)).toEqual(TRANSLATED_LANGUAGES.map((code) => `name_${code}`));
    const jp = host.querySelector<HTMLInputElement>('input[name="name_jp"]')!;
    expect(jp.value).toBe("金 XAU/USD");
    expect(jp.lang).toBe("ja");
    const de = host.querySelector<HTMLInputElement>('input[name="name_de"]')!;
    expect(de.value).toBe("");
    expect(de.placeholder).toBe("Gold XAU/USD");
    act(() => root.unmount());
  });
});
