import type { RecordPage } from "./paging";

/** Home content in the reader's language (English when an item has no translation). */
export const CONTENT_KINDS = ["banner", "notice", "news", "company", "activity"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentSummary {
  id: string;
  kind: ContentKind;
  title: string;
  summary: string;
  time: number;
}

export interface ContentDetail extends ContentSummary {
  /** rich text: HTML the client sanitises before showing */
  body: string;
}

export interface HomeData {
  banners: ContentSummary[];
  notices: ContentSummary[];
  news: ContentSummary[];
  company: ContentSummary[];
  activities: ContentSummary[];
}

export interface ActivityCentre {
  activities: ContentSummary[];
  signedInToday: boolean | null;
  signinBonus: string;
}

/** A day's sign-in and the bonus it paid. */
export interface SigninAnswer {
  day: string;
  bonus: string;
}

/** What the content paths answer, by path name (contract/paths.ts). */
export interface ContentAnswers {
  home: HomeData;
  banners: ContentSummary[];
  notices: ContentSummary[];
  contentList: RecordPage<ContentSummary>;
  contentDetail: ContentDetail;
  activityDetail: ContentDetail;
  activities: ActivityCentre;
  signin: SigninAnswer;
}
