import { deviceWords, type MessageDescriptor } from "#contract/catalogue";

/**
 * The browser and system a user agent names, by the tokens browsers really send, most specific first (Edge and
 * Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux"). Names are brands and stay as
 * they are in every language; only the words around them are translated.
 */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/FxiOS\/|Firefox\//, "Firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPad/, "iPadOS"],
  [/iPhone|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The descriptor and values that say a user agent in words, for the caller to translate. */
export function deviceInWords(userAgent: string | null): { descriptor: MessageDescriptor; values: Record<string, string> } {
  const text = userAgent ?? "";
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return { descriptor: deviceWords.browserOnSystem, values: { browser, system } };
  if (browser) return { descriptor: deviceWords.browserOnly, values: { browser } };
  if (system) return { descriptor: deviceWords.systemOnly, values: { system } };
  return { descriptor: deviceWords.unknown, values: {} };
}
