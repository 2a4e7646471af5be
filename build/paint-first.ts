import type { Plugin } from "vite";

import { SHELL_PREVIEW_ATTRIBUTE } from "../contract/static-preview";

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const EARLY_START = /<meta name="early-start" content="[^"]+"/;
// the names of the <meta> elements that carry the files the inline script starts
export const ENTRY_META = "app-entry";
export const MODULE_META = "app-module";
// how long a cold visit's app waits at most for the early-start script's preview of the page
const PREVIEW_WAIT_MS = 700;

/**
 * The script that starts everything once the first paint is on screen: the early-start script (its
 * <meta name="early-start">, build/early-start.ts), then preloads of the entry's imports and the entry. "On
 * screen" is the browser's first paint entry (Paint Timing, delivered after the frame was presented); a
 * frame callback is not enough, as the frame it runs in may reach the screen tens of milliseconds later, after
 * the requests it started had ended. At once in a hidden tab (no frames are painted there) or when the tab is
 * hidden before its first paint; a browser without paint entries starts after the first frame's callbacks. It
 * names no file (it reads the <meta> elements), so its text is the same in every build: a server that worked
 * out its CSP hash before a deploy still allows the newer document its service worker serves.
 * On a page the early-start script previews (the head script marks <html>: src/app/static-shell-tabs.ts) and on a
 * cold visit (no service worker in control), the app's chunks wait until that preview is painted (or not made),
 * at most PREVIEW_WAIT_MS: the preview is the page's largest paint, and nothing then competes with its read.
 */
export const STARTER_SCRIPT =
  `(function(){var d=document,s=0,P=window.PerformanceObserver,n=navigator.serviceWorker;` +
  `function f(n){return[].map.call(d.querySelectorAll('meta[name="'+n+'"]'),function(m){return m.content})}` +
  `function app(){f("${MODULE_META}").forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.appendChild(l)});` +
  `f("${ENTRY_META}").forEach(function(h){import(h)})}` +
  `function go(){if(s)return;s=1;var e=f("early-start").map(function(h){return import(h)});` +
  `if(d.documentElement.hasAttribute("${SHELL_PREVIEW_ATTRIBUTE}")&&!(n&&n.controller))` +
  `Promise.race([Promise.all(e).then(function(){return window.earlyPreview}),new Promise(function(r){setTimeout(r,${PREVIEW_WAIT_MS})})]).then(app,app);` +
  `else app()}` +
  `if(d.hidden)go();else if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){` +
  `new P(function(l,o){o.disconnect();go()}).observe({type:"paint",buffered:true});d.addEventListener("visibilitychange",go)}` +
  `else requestAnimationFrame(function(){setTimeout(go)})})()`;

/**
 * Nothing is fetched before the pre-rendered shell has been painted, and no script runs before it. As module
 * scripts and preloads in the head, the early-start script, the entry and its imports were on the wire while
 * the document was parsed: on a fast connection they arrived (and the app started running) before Chrome's
 * first paint, holding it back, and Lighthouse charged every request that ended before the paint to the first
 * and the largest contentful paint (Home's banner painted with the HTML, LCP 1.7 s simulated, by that race).
 * The build writes them as <meta> elements instead (read by no browser), and one inline script after the
 * shell starts them once the first paint is on screen: the early-start script first (its data reads go out
 * while the app's chunks are still loading), then the app. What it costs: the requests start after the first
 * frame, tens of milliseconds later than a preload in the head. The CSP allows the script by its hash, as it
 * does the head script (server/http/security-headers.ts).
 */
export function paintFirst(): Plugin {
  return {
    name: "paint-first",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const entry = html.match(ENTRY_SCRIPT);
        if (!entry) throw new Error("paint-first: index.html has no app entry script");
        if (!EARLY_START.test(html)) throw new Error("paint-first: index.html has no early-start <meta>");
        return html
          .replace(entry[0], `<meta name="${ENTRY_META}" content="${entry[1]}">`)
          .replace(MODULE_PRELOAD, (_link, href: string) => `<meta name="${MODULE_META}" content="${href}">`)
          .replace("</body>", `  <script>${STARTER_SCRIPT}</script>\n  </body>`);
      },
    },
  };
}
