import { useLingui } from "@lingui/react/macro";

/** contract/content.ts CONTENT_KINDS, named here so the console ships no validator. */
export const CONTENT_KINDS = ["banner", "notice", "news", "company", "activity"] as const;
export type ContentKindName = (typeof CONTENT_KINDS)[number];

export function useKindLabel(): (kind: ContentKindName) => string {
  const { t } = useLingui();
  const labels: Record<ContentKindName, string> = {
    banner: t`Banner`,
    notice: t`Notice`,
    news: t`News`,
    company: t`Company page`,
    activity: t`Activity`,
  };
  return (kind) => labels[kind] ?? kind;
}
