import { type I18n, setupI18n } from "@lingui/core";

import type { MessageDescriptor } from "#contract/catalogue";
import { BCP47, LANGUAGE_CODES, type LanguageCode, toLanguageCode } from "#contract/languages";

import { messages as dePages } from "../../src/i18n/locales/de/pages";
import { messages as deShell } from "../../src/i18n/locales/de/shell";
import { messages as enPages } from "../../src/i18n/locales/en/pages";
import { messages as enShell } from "../../src/i18n/locales/en/shell";
import { messages as esPages } from "../../src/i18n/locales/es/pages";
import { messages as esShell } from "../../src/i18n/locales/es/shell";
import { messages as frPages } from "../../src/i18n/locales/fr/pages";
import { messages as frShell } from "../../src/i18n/locales/fr/shell";
import { messages as hkPages } from "../../src/i18n/locales/hk/pages";
import { messages as hkShell } from "../../src/i18n/locales/hk/shell";
import { messages as jpPages } from "../../src/i18n/locales/jp/pages";
import { messages as jpShell } from "../../src/i18n/locales/jp/shell";
import { messages as korPages } from "../../src/i18n/locales/kor/pages";
import { messages as korShell } from "../../src/i18n/locales/kor/shell";
import { messages as thPages } from "../../src/i18n/locales/th/pages";
import { messages as thShell } from "../../src/i18n/locales/th/shell";
import { messages as viPages } from "../../src/i18n/locales/vi/pages";
import { messages as viShell } from "../../src/i18n/locales/vi/shell";
import { messages as zhPages } from "../../src/i18n/locales/zh/pages";
import { messages as zhShell } from "../../src/i18n/locales/zh/shell";

// The client's compiled catalogs (shell and pages, see lingui.config.ts): one source of truth for every
// user-facing text.
const catalogs = {
  en: { ...enShell, ...enPages },
  de: { ...deShell, ...dePages },
  es: { ...esShell, ...esPages },
  fr: { ...frShell, ...frPages },
  hk: { ...hkShell, ...hkPages },
  jp: { ...jpShell, ...jpPages },
  kor: { ...korShell, ...korPages },
  th: { ...thShell, ...thPages },
  zh: { ...zhShell, ...zhPages },
  vi: { ...viShell, ...viPages },
};

const instances = new Map<LanguageCode, I18n>(
  LANGUAGE_CODES.map((code) => {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: code, locales: [BCP47[code]], messages: catalogs[code] });
    return [code, i18n];
  }),
);

export type Values = Record<string, string | number>;

export function translate(lang: unknown, descriptor: MessageDescriptor, values?: Values): string {
  const i18n = instances.get(toLanguageCode(lang)) ?? instances.get("en")!;
  return i18n._(descriptor.id, values, { message: descriptor.message });
}
