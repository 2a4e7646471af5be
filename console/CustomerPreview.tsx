import { useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";

import appCss from "@/app/app.css?inline";
import { ContentDetailPage } from "@/features/content/ContentDetailPage";
import type { ContentDetail } from "#contract/content";
import { BCP47, type LanguageCode } from "#contract/languages";

/** The width of a common phone: what the customer's 450 px column shows on one. */
export const PREVIEW_WIDTH = 390;

/**
 * A content item as the customer sees it: the customer app's own detail page component and stylesheet,
 * inside a frame 390 px wide so neither the console's styles nor its width leak in.
 */
export function CustomerPreview({ content, language, label }: { content: ContentDetail; language: LanguageCode; label: string }) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  // written once: a new srcDoc would reload the frame on every keystroke
  const document = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><style>${appCss}</style></head><body><div class="frame" id="preview"></div></body></html>`,
    [],
  );
  useEffect(() => {
    const html = root?.ownerDocument.documentElement;
    if (html) html.lang = BCP47[language];
  }, [root, language]);
  return (
    <>
      <iframe
        className="customer-preview"
        title={label}
        width={PREVIEW_WIDTH}
        height={720}
        srcDoc={document}
        onLoad={(event) => setRoot(event.currentTarget.contentDocument?.getElementById("preview") ?? null)}
      />
      {root && createPortal(<ContentDetailPage content={content} />, root)}
    </>
  );
}
