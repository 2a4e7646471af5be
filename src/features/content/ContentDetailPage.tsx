import { formatDateTime } from "@/i18n/format";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { RichText } from "@/ui/RichText";
import type { ContentDetail } from "#contract/content";

export function ContentDetailPage({ content, offlineSince }: { content: ContentDetail; offlineSince?: number }) {
  return (
    <main className="page">
      <NavBar title={content.title} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <article className="article" data-testid="article">
        <h2>{content.title}</h2>
        <p className="record-sub">{formatDateTime(content.time)}</p>
        <RichText html={content.body || `<p>${content.summary}</p>`} />
      </article>
    </main>
  );
}
