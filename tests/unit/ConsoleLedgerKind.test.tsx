import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";

import { FUNDS_KIND_WORDS } from "#contract/funds-kinds";
import { FUNDS_KINDS } from "#contract/wallet";

import { LedgerKind } from "../../console/LedgerKind";
import { messages as consoleZh } from "../../console/locales/zh";
import { messages as pagesZh } from "../../locales/zh/pages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The console words a ledger row's kind as the customer's funds records do: one list in the contract, read by
 * both apps' catalogs, so an operator and a customer talking about a line use the same words.
 */
let host: HTMLElement | undefined;
afterEach(() => host?.remove());

async function shown(kind: string, locale: "en" | "zh") {
  i18n.loadAndActivate({ locale, messages: locale === "zh" ? consoleZh : {} });
  host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <I18nProvider i18n={i18n}>
        <LedgerKind kind={kind} />
      </I18nProvider>,
    ),
  );
  const text = host.textContent;
  const titled = host.querySelector(`[title="${kind}"]`) !== null;
  await act(async () => root.unmount());
  return { text, titled };
}

describe("the console's ledger kinds", () => {
  it("are the customer's words for every kind, in English and Chinese, with the stored kind kept beside them", async () => {
    for (const kind of FUNDS_KINDS) {
      expect(await shown(kind, "en"), kind).toEqual({ text: FUNDS_KIND_WORDS[kind].message, titled: true });
      const customerWords = pagesZh[FUNDS_KIND_WORDS[kind].id];
      expect(customerWords, kind).toBeDefined();
      expect(await shown(kind, "zh"), kind).toEqual({ text: [customerWords].flat().join(""), titled: true });
    }
  });

  it("shows a kind no list names as it is stored", async () => {
    expect(await shown("test_grant", "en")).toEqual({ text: "test_grant", titled: false });
  });
});
