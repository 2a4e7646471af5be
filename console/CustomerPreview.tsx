import { useEffect, useRef, useState } from "react";

import type { ContentDetail } from "#contract/content";
import type { PreviewContentMessage, PreviewReadyMessage } from "#contract/content-preview";
import { CONTENT_PREVIEW_URL, PREVIEW_CONTENT, PREVIEW_READY } from "#contract/content-preview";
import type { LanguageCode } from "#contract/languages";

/** The width of a common phone: what the customer's 450 px column shows on one. */
export const PREVIEW_WIDTH = 390;

/**
 * A content item as the customer sees it: the customer app itself, framed 390 px wide, shows it on its own
 * preview page with its own components and stylesheet, so the preview cannot differ from a reader's page. The
 * item goes to the frame by message (this origin only) once the page says it is ready, and again on each edit.
 */
export function CustomerPreview({ content, language, label }: { content: ContentDetail; language: LanguageCode; label: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const hear = (event: MessageEvent<Partial<PreviewReadyMessage> | null>) => {
      const own = event.origin === location.origin && event.source === frame.current?.contentWindow;
      if (own && event.data?.type === PREVIEW_READY) setReady(true);
    };
    window.addEventListener("message", hear);
    return () => window.removeEventListener("message", hear);
  }, []);
  useEffect(() => {
    if (!ready) return;
    const message: PreviewContentMessage = { type: PREVIEW_CONTENT, content, language };
    frame.current?.contentWindow?.postMessage(message, location.origin);
  }, [ready, content, language]);
  return <iframe ref={frame} className="customer-preview" title={label} width={PREVIEW_WIDTH} height={720} src={CONTENT_PREVIEW_URL} />;
}
