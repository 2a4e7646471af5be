import type { Plugin } from "vite";

/**
 * The start of the head both apps' documents share (the PWA at /h5/, the console at /ops/): the character set
 * and the viewport, written once and put first in each build's index.html (and the dev server's). What differs
 * stays in each index.html: title, icons, theme colour, and whether robots may index it. The PWA's viewport
 * also covers the screen's rounded corners and notch (`viewport-fit=cover`), as its safe-area padding expects.
 */
export function documentHead({ coverNotch = false }: { coverNotch?: boolean } = {}): Plugin {
  const viewport = `width=device-width, initial-scale=1${coverNotch ? ", viewport-fit=cover" : ""}`;
  return {
    name: "document-head",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { charset: "UTF-8" }, injectTo: "head-prepend" },
      { tag: "meta", attrs: { name: "viewport", content: viewport }, injectTo: "head-prepend" },
    ],
  };
}
