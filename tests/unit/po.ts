import { readFileSync } from "node:fs";

/**
 * The entries of a .po catalog: msgid → msgstr (multi-line strings joined, escapes undone). An entry with a context
 * is keyed as gettext does, `context\u0004msgid`, so it does not hide the plain message of the same id (the trade
 * head's short "Practice" beside "Practice").
 */
export function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.trim().replace(/^msg(ctxt|id|str) /, ""));
  let context: string | null = null;
  let id: string | null = null;
  let str: string | null = null;
  let reading: "id" | "str" | null = null;
  const flush = () => {
    if (id !== null && id !== "" && str !== null) entries.set(context === null ? id : `${context}\u0004${id}`, str);
    context = id = str = null;
    reading = null;
  };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("msgctxt ")) {
      flush();
      context = unquote(line);
      reading = null;
    } else if (line.startsWith("msgid ")) {
      if (id !== null) flush(); // a new entry, unless its msgctxt line began it
      id = unquote(line);
      reading = "id";
    } else if (line.startsWith("msgstr ")) {
      str = unquote(line);
      reading = "str";
    } else if (line.startsWith('"') && reading) {
      if (reading === "id") id += JSON.parse(line);
      else str += JSON.parse(line);
    }
  }
  flush();
  return entries;
}

/** The named arguments of a message: plain `{name}` and ICU `{name, plural, …}` alike (`#` is not an argument). */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[},]/g)].map((m) => m[1]).sort();

/** A language's whole catalog: the shell and pages catalogs together (lingui.config.ts). */
export function readCatalog(code: string): Map<string, string> {
  return new Map([...readPo(`locales/${code}/shell.po`), ...readPo(`locales/${code}/pages.po`)]);
}
