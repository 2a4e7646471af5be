import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ListPage } from "#contract/lists";
import type { CustomerFound } from "#contract/ops-answers";
import type { CustomerListFilter } from "#contract/schemas/lists";

import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime } from "../csv";
import { dateRange } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";
import { lockedNow } from "./sessions";

type UserRow = typeof users.$inferSelect;

/** Customers whose account or phone starts with the search, or whose id ("7", "user:7") or invite code it is. */
function customerSearch(q: string | undefined): SQL[] {
  if (q === undefined) return [];
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = [
    sql`lower(${users.account}) like lower(${prefix})`,
    sql`${users.phone} like ${prefix}`,
    sql`upper(${users.inviteCode}) = upper(${q})`,
  ];
  const id = /^(?:user:)?(\d{1,9})$/.exec(q);
  if (id) matches.push(eq(users.id, Number(id[1])));
  return [or(...matches)!];
}

function stateCondition(state: CustomerListFilter["state"], now: number): SQL[] {
  // locked as the sign-in sees it: the lock is set and has not run out
  const lockedNowSql = and(eq(users.locked, true), or(isNull(users.lockedUntil), gt(users.lockedUntil, now)))!;
  if (state === "locked") return [lockedNowSql];
  if (state === "verified") return [eq(users.verified, true)];
  if (state === "unverified") return [eq(users.verified, false)];
  return [];
}

function customerList(ctx: ServiceContext, filter: Omit<CustomerListFilter, "cursor">): Omit<KeysetList<UserRow>, "cursor"> {
  const sort = filter.sort ?? "time";
  return {
    db: ctx.db,
    where: [...customerSearch(filter.q), ...dateRange(users.createdAt, filter), ...stateCondition(filter.state, ctx.now())],
    sort,
    sortColumn: sort === "cash" ? users.cash : users.createdAt,
    order: filter.order ?? "desc",
    id: users.id,
    select: (where, orderBy, limit) =>
      ctx.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (where) => ctx.db.select({ one: users.id }).from(users).where(where),
    keyOf: (user) => ({ value: sort === "cash" ? user.cash : user.createdAt, id: user.id }),
  };
}

/** The customers, a page at a time: registered between two dates, locked or (un)verified, searched, by date or cash. */
export async function listCustomers(ctx: ServiceContext, filter: CustomerListFilter): Promise<ListPage<CustomerFound>> {
  const page = await keysetPage({ ...customerList(ctx, filter), cursor: filter.cursor });
  const now = ctx.now();
  return {
    ...page,
    items: page.items.map((user) => ({
      id: user.id,
      account: user.account,
      phone: user.phone,
      inviteCode: user.inviteCode,
      verified: user.verified,
      locked: lockedNow(user, now),
      cash: centsToDecimal(user.cash),
      createdAt: user.createdAt,
    })),
  };
}

export function customersCsv(ctx: ServiceContext, filter: CustomerListFilter) {
  const now = ctx.now();
  return csvLines(
    {
      columns: [
        "id",
        "registered_utc",
        "account",
        "phone",
        "name",
        "invite_code",
        "verified",
        "locked",
        "cash_u",
        "coin",
        "frozen_u",
        "yuebao_u",
      ],
      cells: (user) => [
        user.id,
        isoTime(user.createdAt),
        user.account,
        user.phone,
        user.name,
        user.inviteCode,
        user.verified ? "yes" : "no",
        lockedNow(user, now) ? "yes" : "no",
        centsToDecimal(user.cash),
        centsToDecimal(user.coin),
        centsToDecimal(user.frozen),
        centsToDecimal(user.yuebao),
      ],
    },
    everyRow(customerList(ctx, filter)),
  );
}
