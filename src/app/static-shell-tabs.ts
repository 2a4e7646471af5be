import { DEFAULT_LANGUAGE } from "../../contract/languages";
import {
  HOME_PATHS,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_PATH,
  STATIC_HOME_ATTRIBUTE,
  STATIC_HOME_LANGUAGE_ATTRIBUTE,
} from "../../contract/static-home";
import { MINE_PATH, SHELL_LANGUAGE_ATTRIBUTE, SHELL_PREVIEW_ATTRIBUTE, TRADE_PATH } from "../../contract/static-preview";
import { TOKEN_STORAGE_KEY } from "../api/session";
import { LANGUAGE_STORAGE_KEY } from "../i18n/language";
import { isPublicPath } from "./startup";
import { TAB_PATHS } from "./TabBar";

/** The attribute the head script sets on <html> when the address is a page the app shows without the tab bar. */
export const NO_TABS_ATTRIBUTE = "data-shell-no-tabs";

/**
 * The attribute the head script sets on <html> to the address's tab ("/" for Home) on a tab page: the shell's bar
 * is rendered with Home's tab current, and app.css marks this one instead.
 */
export const SHELL_TAB_ATTRIBUTE = "data-shell-tab";

/**
 * The text of the inline head script of the built index.html (build/prerender-shell.ts puts it in the head; the
 * server allows exactly this text by its SHA-256). The pre-rendered shell carries the tab bar, but the app shows
 * it on the tab pages only (Shell), and a signed-in tab page without a stored session opens the login page: the
 * script reads the address and the stored session before the body is parsed, so the first paint already hides the
 * bar (app.css) where React would not draw one, and the take-over moves nothing. No script (scripting off) keeps
 * the bar. The same rules as Shell and the `_auth` guard, the session key of src/api/session.ts.
 * On Home it also shows the Home preview (StaticShell) when the server wrote Home's first banner into this
 * document in the language the app will start in (the stored one, English when none): a document without it (the
 * service worker's copy) or in another language keeps the skeleton. It copies the stored language into a cookie
 * for the document's path, so the server writes the next visit's banner in it.
 * On a tab page it names the tab, so the shell's bar marks it rather than Home's.
 * On Mine and the trade screen, with a stored session and the document's shell in the reader's language, it
 * marks the page as one the early-start script previews (src/early-start-preview.ts), which also holds the app back until then (build/paint-first.ts).
 */
export function tabBarDecisionScript(): string {
  const open = TAB_PATHS.filter((path) => isPublicPath(path));
  const signedInOnly = TAB_PATHS.filter((path) => !isPublicPath(path));
  return (
    `(function(){var p=(location.hash.replace(/^#/,"")||"/").split("?")[0],t=null;` +
    `try{t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}` +
    `if(${JSON.stringify(open)}.indexOf(p)<0&&!(t&&${JSON.stringify(signedInOnly)}.indexOf(p)>=0))` +
    `document.documentElement.setAttribute(${JSON.stringify(NO_TABS_ATTRIBUTE)},"");` +
    `var d=document.documentElement,l=null;try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
    `if(l)document.cookie=${JSON.stringify(`${LANGUAGE_COOKIE}=`)}+encodeURIComponent(l)+${JSON.stringify(`;path=${LANGUAGE_COOKIE_PATH};max-age=31536000;samesite=lax`)};` +
    `if(${JSON.stringify(HOME_PATHS)}.indexOf(p)>=0&&d.getAttribute(${JSON.stringify(STATIC_HOME_LANGUAGE_ATTRIBUTE)})===(l||${JSON.stringify(DEFAULT_LANGUAGE)}))` +
    `d.setAttribute(${JSON.stringify(STATIC_HOME_ATTRIBUTE)},"");` +
    `if(t&&d.getAttribute(${JSON.stringify(SHELL_LANGUAGE_ATTRIBUTE)})===(l||${JSON.stringify(DEFAULT_LANGUAGE)})){` +
    `if(p===${JSON.stringify(MINE_PATH)})d.setAttribute(${JSON.stringify(SHELL_PREVIEW_ATTRIBUTE)},"mine");` +
    `if(p===${JSON.stringify(TRADE_PATH)})d.setAttribute(${JSON.stringify(SHELL_PREVIEW_ATTRIBUTE)},"trade")}` +
    `if(${JSON.stringify(TAB_PATHS)}.indexOf(p)>=0)d.setAttribute(${JSON.stringify(SHELL_TAB_ATTRIBUTE)},${JSON.stringify(HOME_PATHS)}.indexOf(p)>=0?"/":p)})()`
  );
}
