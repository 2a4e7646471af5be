import { eq } from "drizzle-orm";

import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { UserRow } from "./sessions";

export async function freshUser(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}
