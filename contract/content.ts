import { z } from "zod";

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

const slug = () =>
  z
    .string({ error: (i) => (i.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^[a-z0-9-]{1,60}$/, { error: "invalid_input" });

export const contentListRequest = z.object({
  kind: z.enum(["news", "company", "notice"], { error: "invalid_input" }).default("news"),
  page: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((n) => n >= 1, { error: "invalid_input" })
    .default(1),
});
export const contentIdRequest = z.object({ id: slug() });
