import type { Plugin } from "vite";

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
// marks the preload of the app's entry, which the inline script starts
const ENTRY_ATTRIBUTE = "data-app-entry";

/**
 * The app's code runs after the pre-rendered shell has been painted, not before. As a module script in the
 * head, the entry ran the moment it and its imports had arrived, which on a fast connection is before Chrome's
 * first paint: evaluating the app chunk (React, the router, the app) then held the first paint back, and
 * Lighthouse counted the whole chunk as render-blocking (cold FCP 0.7 s or 1.8 s by the luck of that race).
 * The entry script becomes a modulepreload (fetched as early as before, not run) and one inline script starts
 * it with `import()` a frame after the first paint (at once in a hidden tab, which paints no frames). The CSP
 * allows that script by its hash, as it does the head script (server/http/security-headers.ts).
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
        // the same text in every build (it finds the entry by the link), so the CSP hash a running server has
        // worked out still matches the document of a newer build that its service worker serves after a deploy
        const script =
          `<script>(function(){function go(){import(document.querySelector("link[${ENTRY_ATTRIBUTE}]").href)}` +
          `document.hidden?go():requestAnimationFrame(function(){setTimeout(go)})})()</script>`;
        return html
          .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}" ${ENTRY_ATTRIBUTE}>`)
          .replace("</body>", `  ${script}\n  </body>`);
      },
    },
  };
}
