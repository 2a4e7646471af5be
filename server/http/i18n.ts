import { type I18n, setupI18n } from "@lingui/core";

import type { MessageDescriptor } from "#contract/catalogue";
import { BCP47, LANGUAGE_CODES, type LanguageCode, toLanguageCode } from "#contract/languages";

import { messages as dePages } from "../../locales/de/pages";
import { messages as deShell } from "../../locales/de/shell";
import { messages as enPages } from "../../locales/en/pages";
import { messages as enShell } from "../../locales/en/shell";
import { messages as esPages } from "../../locales/es/pages";
import { messages as esShell } from "../../locales/es/shell";
import { messages as frPages } from "../../locales/fr/pages";
import { messages as frShell } from "../../locales/fr/shell";
import { messages as hkPages } from "../../locales/hk/pages";
import { messages as hkShell } from "../../locales/hk/shell";
import { messages as jpPages } from "../../locales/jp/pages";
import { messages as jpShell } from "../../locales/jp/shell";
import { messages as korPages } from "../../locales/kor/pages";
import { messages as korShell } from "../../locales/kor/shell";
import { messages as thPages } from "../../locales/th/pages";
import { messages as thShell } from "../../locales/th/shell";
import { messages as viPages } from "../../locales/vi/pages";
import { messages as viShell } from "../../locales/vi/shell";
import { messages as zhPages } from "../../locales/zh/pages";
import { messages as zhShell } from "../../locales/zh/shell";

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
