import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { Empty } from "@/ui/Empty";
import { NavBar } from "@/ui/NavBar";
import type { PreviewContentMessage, PreviewReadyMessage } from "#contract/content-preview";
import { PREVIEW_CONTENT, PREVIEW_READY } from "#contract/content-preview";
import { BCP47 } from "#contract/languages";

import { ContentDetailPage } from "./ContentDetailPage";

/**
 * A content item as its readers will see it, for the console's editor that frames this page: the item comes from
 * the framing console by message, not from the server, so a draft shows before it is saved. Only a parent window
 * of this origin is heard; opened on its own, the page has nothing to show.
 */
export function ContentPreviewPage() {
  const { t } = useLingui();
  const [shown, setShown] = useState<Omit<PreviewContentMessage, "type"> | null>(null);
  useEffect(() => {
    if (window.parent === window) return;
    const receive = (event: MessageEvent<Partial<PreviewContentMessage> | null>) => {
      if (event.origin !== location.origin || event.source !== window.parent) return;
      const { type, content, language } = event.data ?? {};
      if (type === PREVIEW_CONTENT && content && language && typeof content.title === "string") setShown({ content, language });
    };
    window.addEventListener("message", receive);
    const ready: PreviewReadyMessage = { type: PREVIEW_READY };
    window.parent.postMessage(ready, location.origin);
    return () => window.removeEventListener("message", receive);
  }, []);
  useEffect(() => {
    if (shown) document.documentElement.lang = BCP47[shown.language];
  }, [shown]);
  if (shown) return <ContentDetailPage content={shown.content} />;
  return (
    <main className="page">
      <NavBar title="" />
      <Empty title={t`Nothing to show`} />
    </main>
  );
}
