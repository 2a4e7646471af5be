import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import react from "@vitejs/plugin-react";
import { createServer, type Plugin } from "vite";

import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "../contract/languages";
import { localizedShellFile } from "../contract/static-home";
import { SHELL_LANGUAGE_ATTRIBUTE } from "../contract/static-preview";
import { linguiMacro } from "./lingui-macro";

const SHELL_MODULE = "/src/app/StaticShell.tsx";

/** The CSP source that allows exactly this inline style element's text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;
}

/**
 * Puts the app's first screen into the built index.html, so it paints before any script has arrived: the
 * live Shell components rendered with react-dom/server (src/app/StaticShell.tsx, loaded through a throwaway
 * Vite server in SSR mode) inside #root, and the shell's stylesheet inlined in a <style> element instead of a
 * render-blocking request, and one tiny inline script in the head that hides the shell's tab bar on pages
 * without one (src/app/static-shell-tabs.ts). The server allows exactly those texts by their hashes
 * (server/http/security-headers.ts reads them from the built file), never by 'unsafe-inline'.
 * The shell is rendered in all ten languages too, each written beside index.html
 * (`static-shell/<code>.html`, not precached): the server puts the reader's in the document of a page load
 * (server/http/index-document.ts).
 */
export function prerenderShell({ alias }: { alias: Record<string, string> }): Plugin {
  // the shell's markup in each language, written beside index.html for the server
  const localized = new Map<string, string>();
  return {
    name: "prerender-shell",
    apply: "build",
    // (once Vite's HTML step, which runs transformIndexHtml below, is done)
    writeBundle(options) {
      for (const [language, markup] of localized) {
        const file = join(options.dir!, localizedShellFile(language));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, markup);
      }
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        const server = await createServer({
          configFile: false,
          appType: "custom",
          logLevel: "error",
          plugins: [react(), linguiMacro()],
          resolve: { alias },
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        let markup: string;
        let tabBarDecision: string;
        try {
          const { renderStaticShell, tabBarDecisionScript } = (await server.ssrLoadModule(SHELL_MODULE)) as {
            renderStaticShell: (locale?: string, catalog?: unknown) => Promise<string>;
            tabBarDecisionScript: () => string;
          };
          markup = await renderStaticShell();
          tabBarDecision = tabBarDecisionScript();
          localized.clear();
          // English too: the server finds the English markup in the document by it
          localized.set(DEFAULT_LANGUAGE, markup);
          for (const language of LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE)) {
            // the shell's own texts, and the pages' for the previews of pages behind the pages catalog (Mine)
            const [shell, pages] = (await Promise.all(
              ["shell", "pages"].map((catalog) => server.ssrLoadModule(`/locales/${language}/${catalog}.ts`)),
            )) as Array<{ messages: object }>;
            localized.set(language, await renderStaticShell(language, { ...pages!.messages, ...shell!.messages }));
          }
        } finally {
          await server.close();
        }
        if (!html.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root for the static shell");
        let result = html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
        // the shell's language, which the server changes with the markup (the head script compares the reader's)
        result = result.replace(/<html(\s|>)/, `<html ${SHELL_LANGUAGE_ATTRIBUTE}="${DEFAULT_LANGUAGE}"$1`);
        // the head decides, before the body is parsed, whether this address shows the shell's tab bar
        result = result.replace("</head>", `<script>${tabBarDecision}</script>\n  </head>`);

        // the entry's own stylesheet (the shell's), inlined: the first paint waits for no request
        for (const [fileName, asset] of Object.entries(context.bundle ?? {})) {
          if (asset.type !== "asset" || !fileName.endsWith(".css")) continue;
          const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="[^"]*/${fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`);
          if (!link.test(result)) continue;
          const css = String(asset.source);
          result = result.replace(link, "").replace("</head>", `<style>${css}</style>\n  </head>`);
        }
        return result;
      },
    },
  };
}
