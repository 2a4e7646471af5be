import { readFileSync } from "node:fs";

import { and, count, desc, eq, inArray } from "drizzle-orm";

import type { ActivityCentre, ContentDetail, ContentKind, ContentSummary, HomeData } from "#contract/content";
import { centsToDecimal } from "#contract/format";
import { toLanguageCode } from "#contract/languages";
import { PAGE_SIZE } from "#contract/paging";

import { contents, settings, signins } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";

type Row = typeof contents.$inferSelect;

/** One row per item: the reader's language when it exists, else English. */
function pickLanguage(rows: Row[], lang: string): Row[] {
  const byItem = new Map<string, Row>();
  for (const row of rows) {
    const current = byItem.get(row.item);
    if (!current || (row.lang === lang && current.lang !== lang)) byItem.set(row.item, row);
  }
  return [...byItem.values()].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

const summary = (row: Row): ContentSummary => ({
  id: row.item,
  kind: row.kind,
  title: row.title,
  summary: row.summary,
  time: row.createdAt,
});

async function ofKind(ctx: ServiceContext, kinds: ContentKind[], langHeader: unknown): Promise<Row[]> {
  const lang = toLanguageCode(langHeader);
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(and(inArray(contents.kind, kinds), inArray(contents.lang, [lang, "en"]), eq(contents.published, true)))
    .orderBy(desc(contents.createdAt));
  return pickLanguage(rows, lang);
}

export async function listContent(ctx: ServiceContext, kind: ContentKind, lang: unknown, page = 1) {
  const rows = await ofKind(ctx, [kind], lang);
  const start = (page - 1) * PAGE_SIZE;
  return { items: rows.slice(start, start + PAGE_SIZE).map(summary), page, pageSize: PAGE_SIZE, total: rows.length };
}

export async function contentDetail(ctx: ServiceContext, id: string, lang: unknown, kinds: ContentKind[]): Promise<ContentDetail> {
  const rows = pickLanguage(
    await ctx.db
      .select()
      .from(contents)
      .where(
        and(
          eq(contents.item, id),
          inArray(contents.kind, kinds),
          inArray(contents.lang, [toLanguageCode(lang), "en"]),
          eq(contents.published, true),
        ),
      ),
    toLanguageCode(lang),
  );
  const row = rows[0];
  if (!row) throw new AppError("content_not_found");
  return { ...summary(row), body: row.body };
}

export async function homeData(ctx: ServiceContext, lang: unknown): Promise<HomeData> {
  const rows = await ofKind(ctx, ["banner", "notice", "news", "company", "activity"], lang);
  const of = (kind: ContentKind, limit: number) =>
    rows
      .filter((row) => row.kind === kind)
      .slice(0, limit)
      .map(summary);
  return {
    banners: of("banner", 5),
    notices: of("notice", 5),
    news: of("news", 3),
    company: of("company", 3),
    activities: of("activity", 3),
  };
}

const SIGNIN_KEY = "signin_bonus";
async function signinBonus(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, SIGNIN_KEY));
  return row ? Number(row.value) : 100;
}
const platformDay = (now: number) => new Date(now * 1000).toISOString().slice(0, 10);

export async function activityCentre(ctx: ServiceContext, lang: unknown, user: UserRow | null): Promise<ActivityCentre> {
  const activities = (await ofKind(ctx, ["activity"], lang)).map(summary);
  let signedInToday: boolean | null = null;
  if (user) {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(signins)
      .where(and(eq(signins.userId, user.id), eq(signins.day, platformDay(ctx.now()))));
    signedInToday = (row?.n ?? 0) > 0;
  }
  return { activities, signedInToday, signinBonus: centsToDecimal(await signinBonus(ctx)) };
}

/** Daily sign-in: the (user, day) key makes a second sign-in the same day impossible, even when raced. */
export async function signIn(ctx: ServiceContext, user: UserRow) {
  const now = ctx.now();
  const bonus = await signinBonus(ctx);
  const day = platformDay(now);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(signins)
      .values({ userId: user.id, day, bonus, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: signins.day });
    if (inserted.length === 0) throw new AppError("once_a_day");
    await moveMoney(tx, user.id, [{ account: "cash", delta: bonus, reason: "signin_bonus" }], `signin:${day}`, now);
    return { day, bonus: centsToDecimal(bonus) };
  });
}

interface SeedItem {
  item: string;
  kind: ContentKind;
  text: Record<string, { title: string; summary: string; body: string }>;
}

/** First start: the demo content in every language it has (English at least). */
export async function seedContent(ctx: Pick<ServiceContext, "db" | "now">): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(contents);
  if ((existing?.n ?? 0) > 0) return false;
  const items = JSON.parse(readFileSync(new URL("./seed-content.json", import.meta.url), "utf8")) as SeedItem[];
  const now = ctx.now();
  const rows = items.flatMap((entry, index) =>
    Object.entries(entry.text).map(([lang, text]) => ({
      item: entry.item,
      kind: entry.kind,
      lang,
      ...text,
      createdAt: now - index * 3600,
    })),
  );
  await ctx.db.insert(contents).values(rows);
  return true;
}

/** Writes one language of an item; `published: false` keeps it as a draft readers do not see. */
export async function publishContent(
  ctx: ServiceContext,
  input: { item: string; kind: ContentKind; lang: string; title: string; summary: string; body: string; published?: boolean },
) {
  const { published = true, ...fields } = input;
  const now = ctx.now();
  await ctx.db
    .insert(contents)
    .values({ ...fields, published, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [contents.item, contents.lang],
      set: { kind: input.kind, title: input.title, summary: input.summary, body: input.body, published, updatedAt: now },
    });
  return { item: input.item, lang: input.lang, title: input.title, summary: input.summary, body: input.body, published };
}
