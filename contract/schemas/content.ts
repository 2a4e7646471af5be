import { z } from "zod";

import { CONTENT_KINDS } from "../content";
import { LANGUAGE_CODES } from "../languages";
import { pageRequest, requiredText, switchField } from "./fields";

const slug = () =>
  z
    .string({ error: (i) => (i.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^[a-z0-9-]{1,60}$/, { error: "invalid_input" });

export const contentListRequest = pageRequest.extend({
  kind: z.enum(["news", "company", "notice"], { error: "invalid_input" }).default("news"),
});

export const contentIdRequest = z.object({ id: slug() });

// ── operator: the content editor ──

const contentLanguage = () => z.enum(LANGUAGE_CODES, { error: "invalid_input" });

/** Publish or edit one language of an item; published=0 saves a draft readers do not see. */
export const publishContentRequest = z.object({
  item: slug(),
  kind: z.enum(CONTENT_KINDS, { error: "invalid_input" }),
  lang: contentLanguage(),
  title: requiredText(),
  summary: z.string({ error: "invalid_input" }).max(300).default(""),
  body: z.string({ error: "invalid_input" }).max(20_000, { error: "field_too_long" }).default(""),
  published: switchField().default(true),
});

export const contentItemsRequest = pageRequest.extend({ kind: z.enum(CONTENT_KINDS, { error: "invalid_input" }).optional() });

export const contentItemRequest = z.object({ item: slug() });

/** Publish or unpublish an item: every language, or only lang. */
export const contentPublishedRequest = z.object({ item: slug(), published: switchField(), lang: contentLanguage().optional() });
