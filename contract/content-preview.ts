import type { ContentDetail } from "./content";
import type { LanguageCode } from "./languages";

/**
 * The console's content preview is the customer app's own page at this address, framed by the console (the PWA's
 * document may be framed by its own origin only). The two talk by `postMessage` on that origin: the page says it
 * is ready, then the console sends the item as the operator edits it.
 */
export const CONTENT_PREVIEW_URL = "/h5/#/pages/about/preview";

export const PREVIEW_READY = "content-preview-ready";
export const PREVIEW_CONTENT = "content-preview";

export interface PreviewReadyMessage {
  type: typeof PREVIEW_READY;
}

export interface PreviewContentMessage {
  type: typeof PREVIEW_CONTENT;
  content: ContentDetail;
  /** the language whose readers see this text: the page is marked with it */
  language: LanguageCode;
}
