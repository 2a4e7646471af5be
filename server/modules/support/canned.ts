import { and, asc, eq } from "drizzle-orm";

import { DEFAULT_LANGUAGE } from "#contract/languages";
import type { SupportCanned } from "#contract/support-chat";

import { supportCanned } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const columns = { id: supportCanned.id, language: supportCanned.language, title: supportCanned.title, text: supportCanned.text };

/** The canned replies of one language, or of all of them. */
export function listCanned(ctx: Pick<ServiceContext, "db">, language?: string): Promise<SupportCanned[]> {
  return ctx.db
    .select(columns)
    .from(supportCanned)
    .where(language === undefined ? undefined : eq(supportCanned.language, language))
    .orderBy(asc(supportCanned.language), asc(supportCanned.id));
}

/** The replies an operator offers a customer: in the customer's language, in English when that has none. */
export async function cannedFor(ctx: Pick<ServiceContext, "db">, language: string): Promise<SupportCanned[]> {
  const own = await listCanned(ctx, language);
  return own.length > 0 || language === DEFAULT_LANGUAGE ? own : listCanned(ctx, DEFAULT_LANGUAGE);
}

/** Adds, changes or removes one canned reply (admin's); answers that language's replies as they now are. */
export async function setCanned(
  scoped: ServiceContext,
  input: { id?: number; language: string; title: string; text: string; remove?: "0" | "1" },
): Promise<SupportCanned[]> {
  const now = scoped.now();
  if (input.id === undefined) {
    await scoped.db.insert(supportCanned).values({ language: input.language, title: input.title, text: input.text, updatedAt: now });
  } else {
    const match = and(eq(supportCanned.id, input.id), eq(supportCanned.language, input.language));
    const changed =
      input.remove === "1"
        ? await scoped.db.delete(supportCanned).where(match).returning({ id: supportCanned.id })
        : await scoped.db
            .update(supportCanned)
            .set({ title: input.title, text: input.text, updatedAt: now })
            .where(match)
            .returning({ id: supportCanned.id });
    if (changed.length === 0) throw new AppError("not_found");
  }
  return listCanned(scoped, input.language);
}
