import { type I18n, setupI18n } from "@lingui/core";
import { BCP47, LANGUAGE_CODES, type LanguageCode, toLanguageCode } from "../../contract/languages";
import type { MessageDescriptor } from "../../contract/messages";
import { messages as de } from "../../src/i18n/locales/de/messages";
import { messages as en } from "../../src/i18n/locales/en/messages";
import { messages as es } from "../../src/i18n/locales/es/messages";
import { messages as fr } from "../../src/i18n/locales/fr/messages";
import { messages as hk } from "../../src/i18n/locales/hk/messages";
import { messages as jp } from "../../src/i18n/locales/jp/messages";
import { messages as kor } from "../../src/i18n/locales/kor/messages";
import { messages as th } from "../../src/i18n/locales/th/messages";
import { messages as vi } from "../../src/i18n/locales/vi/messages";
import { messages as zh } from "../../src/i18n/locales/zh/messages";

// The client's compiled catalogs: one source of truth for every user-facing text (DESIGN §3).
const catalogs = { en, de, es, fr, hk, jp, kor, th, zh, vi };

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
