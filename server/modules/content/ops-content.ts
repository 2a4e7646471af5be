import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";

import type { ContentKind } from "#contract/content";
import type { ContentItemPage } from "#contract/ops-answers";

import { contents } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const OPS_CONTENT_PAGE = 20;

/**
 * The console's list: one entry per item (newest first, 20 a page), with each language it has and whether
 * readers see it.
 */
export async function listContentItems(ctx: ServiceContext, filter: { kind?: ContentKind; page: number }): Promise<ContentItemPage> {
  const where = filter.kind ? eq(contents.kind, filter.kind) : undefined;
  const [total] = await ctx.db
    .select({ n: sql<number>`count(distinct ${contents.item})::int` })
    .from(contents)
    .where(where);
  const items = await ctx.db
    .select({ item: contents.item, latest: sql<number>`max(coalesce(${contents.updatedAt}, ${contents.createdAt}))` })
    .from(contents)
    .where(where)
    .groupBy(contents.item)
    .orderBy(desc(sql`max(coalesce(${contents.updatedAt}, ${contents.createdAt}))`), asc(contents.item))
    .limit(OPS_CONTENT_PAGE)
    .offset((filter.page - 1) * OPS_CONTENT_PAGE);
  const rows = items.length
    ? await ctx.db
        .select()
        .from(contents)
        .where(
          inArray(
            contents.item,
            items.map((i) => i.item),
          ),
        )
    : [];
  return {
    page: filter.page,
    pageSize: OPS_CONTENT_PAGE,
    total: total?.n ?? 0,
    items: items.map(({ item, latest }) => {
      const languages = rows.filter((row) => row.item === item);
      const english = languages.find((row) => row.lang === "en") ?? languages[0];
      return {
        item,
        kind: english?.kind ?? "",
        title: english?.title ?? "",
        time: english?.createdAt ?? 0,
        updatedAt: Number(latest),
        languages: languages.map((row) => ({ lang: row.lang, published: row.published })).sort((a, b) => a.lang.localeCompare(b.lang)),
      };
    }),
  };
}

/** Every language of one item, as the editor needs it. */
export async function contentItem(ctx: ServiceContext, item: string) {
  const rows = await ctx.db.select().from(contents).where(eq(contents.item, item)).orderBy(asc(contents.lang));
  if (rows.length === 0) throw new AppError("content_not_found");
  return {
    item,
    kind: rows[0]!.kind,
    time: rows[0]!.createdAt,
    languages: rows.map((row) => ({
      lang: row.lang,
      title: row.title,
      summary: row.summary,
      body: row.body,
      published: row.published,
      updatedAt: row.updatedAt ?? row.createdAt,
    })),
  };
}

/** Which languages of an item readers see: the audit row's before and after. */
export async function publicationOf(ctx: ServiceContext, item: string) {
  const rows = await ctx.db
    .select({ lang: contents.lang, published: contents.published })
    .from(contents)
    .where(eq(contents.item, item))
    .orderBy(asc(contents.lang));
  return Object.fromEntries(rows.map((row) => [row.lang, row.published]));
}

/** Publishes or unpublishes an item: every language, or the one given. */
export async function setPublished(ctx: ServiceContext, input: { item: string; published: boolean; lang?: string }) {
  const where = and(eq(contents.item, input.item), input.lang ? eq(contents.lang, input.lang) : undefined);
  const [found] = await ctx.db.select({ n: count() }).from(contents).where(where);
  if (!found?.n) throw new AppError("content_not_found");
  await ctx.db.update(contents).set({ published: input.published, updatedAt: ctx.now() }).where(where);
  return { item: input.item, languages: await publicationOf(ctx, input.item) };
}

/** One language of an item as it was before an edit (the audit row's "before"), or null when it is new. */
export async function languageBefore(ctx: ServiceContext, item: string, lang: string) {
  const [row] = await ctx.db
    .select({ title: contents.title, summary: contents.summary, body: contents.body, published: contents.published })
    .from(contents)
    .where(and(eq(contents.item, item), eq(contents.lang, lang)));
  return row ? { item, lang, ...row } : null;
}
