import { readFileSync } from "node:fs";

/** The entries of a .po catalog: msgid → msgstr (multi-line strings joined, escapes undone). */
export function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.trim().replace(/^msg(id|str) /, ""));
  let id: string | null = null;
  let str: string | null = null;
  let reading: "id" | "str" | null = null;
  const flush = () => {
    if (id !== null && id !== "" && str !== null) entries.set(id, str);
    id = str = null;
    reading = null;
  };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("msgid ")) {
      flush();
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
