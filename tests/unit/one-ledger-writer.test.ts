import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

// Balances equal the sum of their ledger rows only while one piece of code writes both: server/db/ledger.ts.
// Services reach it through server/modules/ledger, the jobs and the seed directly (they sit below modules).
const WRITER = "server/db/ledger.ts";
const BALANCE = /\b(cash|coin|frozen|yuebao)\b/;

// a table named in drizzle (`ledger`, `schema.ledger`), in raw SQL (`ledger`, "ledger"), or interpolated (`${ledger}`)
const table = (name: string) => `(?:(?:schema\\.)?${name}\\b|"${name}"|\\$\\{\\s*(?:schema\\.)?${name}\\s*\\})`;

/** The places in one file's text that write ledger rows or balance columns, as short excerpts. */
export function ledgerWrites(text: string): string[] {
  const found: string[] = [];
  const note = (index: number, length: number) =>
    found.push(
      text
        .slice(index, index + length)
        .replace(/\s+/g, " ")
        .slice(0, 100),
    );
  // ledger rows are only ever inserted, and only by the writer; no one updates or deletes them
  for (const pattern of [
    new RegExp(`\\.(?:insert|update|delete)\\(\\s*${table("ledger")}\\s*\\)`, "g"),
    new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+${table("ledger")}`, "gi"),
  ]) {
    for (const match of text.matchAll(pattern)) note(match.index, match[0].length);
  }
  // drizzle: the statement begun by .update(users) / .insert(users) up to its end, naming a balance column
  for (const match of text.matchAll(new RegExp(`\\.(?:update|insert)\\(\\s*${table("users")}\\s*\\)`, "g"))) {
    const end = text.indexOf(";", match.index);
    const statement = text.slice(match.index, end === -1 ? undefined : Math.min(end, match.index + 800));
    if (new RegExp(`${BALANCE.source}\\s*:`).test(statement) || /\bset\s*:/.test(statement)) note(match.index, statement.length);
  }
  // raw SQL: update users set <list> where/from, or insert into users (<columns>); a column given by ${…} counts
  for (const match of text.matchAll(
    new RegExp(`\\bupdate\\s+${table("users")}\\s+set\\s+([\\s\\S]*?)(?:\\bwhere\\b|\\bfrom\\b|\`|$)`, "gi"),
  )) {
    const list = match[1] ?? "";
    if (BALANCE.test(list) || /\$\{/.test(list)) note(match.index, match[0].length);
  }
  for (const match of text.matchAll(new RegExp(`\\binsert\\s+into\\s+${table("users")}\\s*\\(([^)]*)\\)`, "gi"))) {
    if (BALANCE.test(match[1] ?? "") || /\$\{/.test(match[1] ?? "")) note(match.index, match[0].length);
  }
  return found;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("one ledger writer", () => {
  it("recognises every way of writing ledger rows or balances, and leaves other writes alone", () => {
    const writes = [
      "await tx.insert(ledger).values({ userId, account, delta, reason, createdAt: now });",
      "await tx\n  .insert(schema.ledger)\n  .values(rows);",
      "await db.delete(ledger).where(eq(ledger.id, 1));",
      "await tx.execute(sql`insert into ledger (user_id, account, delta) values (1, 'cash', 5)`);",
      'await tx.execute(sql`INSERT INTO "ledger" (user_id) values (1)`);',
      "await tx.execute(sql`insert into ${ledger} (user_id) values (1)`);",
      "await tx.update(users).set({ balance: 1, cash: sql`${users.cash} + ${delta}` }).where(eq(users.id, id));",
      "await tx\n  .update(users)\n  .set({\n    frozen: 0,\n  })\n  .where(eq(users.id, id));",
      "await tx.insert(users).values({ account, passwordHash, cash: 100, createdAt: now }).returning();",
      "await tx.insert(users).values(row).onConflictDoUpdate({ target: users.id, set: row });",
      "await tx.execute(sql`update users set cash = users.cash + v.credit from (values (1, 2)) as v(id, credit) where users.id = v.id`);",
      "await tx.execute(sql`update users set ${target} = ${target} + ${delta} where id = ${userId}`);",
      "await tx.execute(sql`UPDATE ${users} SET yuebao = 0 WHERE id = 1`);",
      "await tx.execute(sql`insert into users (account, coin) values ('a', 5)`);",
    ];
    for (const write of writes) expect(ledgerWrites(write), write).toHaveLength(1);
    const others = [
      "await tx.update(users).set({ locked: false, lockedUntil: null }).where(eq(users.id, user.id));",
      "await tx.insert(users).values({ account, passwordHash, createdAt: now }).returning({ id: users.id });",
      'const rows = await tx.select({ cash: users.cash }).from(users).where(eq(users.id, id)).for("update");',
      "await tx.select().from(ledger).where(eq(ledger.reason, 'invite_bonus'));",
      "await tx.execute(sql`update users set verified = true where id = ${id}`);",
      "await tx.execute(sql`select sum(delta) from ledger where user_id = ${id}`);",
    ];
    for (const other of others) expect(ledgerWrites(other), other).toEqual([]);
  });

  it(`no file under server/ but ${WRITER} writes ledger rows or balance columns`, () => {
    const files = serverFiles("server").map((file) => file.split("\\").join("/"));
    const found = files
      .filter((file) => file !== WRITER)
      .flatMap((file) => ledgerWrites(readFileSync(file, "utf8")).map((excerpt) => `${file}: ${excerpt}`));
    expect(found).toEqual([]);
    expect(files).toContain(WRITER);
  });

  // order placement books its stake and fee inside a SQL function (one round trip per order): migrations create
  // it, and only the writer calls it; outside such a function's body no migration writes ledger rows or balances
  it(`the SQL functions migrations create to book money are called by ${WRITER} alone; no migration writes money otherwise`, () => {
    const migrations = "server/db/migrations";
    const files = readdirSync(migrations).filter((file) => file.endsWith(".sql"));
    const bodies = /create\s+(?:or\s+replace\s+)?function\s+(\w+)\s*\([\s\S]*?\$(\w*)\$([\s\S]*?)\$\2\$/gi;
    const names = new Set<string>();
    const written: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(migrations, file), "utf8");
      for (const match of text.matchAll(bodies)) if (ledgerWrites(match[3]!).length > 0) names.add(match[1]!);
      written.push(...ledgerWrites(text.replace(bodies, "")).map((excerpt) => `${file}: ${excerpt}`));
    }
    expect(written).toEqual([]);
    expect([...names]).toContain("place_order");
    const callers = serverFiles("server")
      .map((file) => file.split("\\").join("/"))
      .filter((file) => file !== WRITER)
      .filter((file) => [...names].some((name) => new RegExp(`\\b${name}\\s*\\(`).test(readFileSync(file, "utf8"))));
    expect(callers).toEqual([]);
    expect([...names].every((name) => new RegExp(`\\b${name}\\s*\\(`).test(readFileSync(WRITER, "utf8")))).toBe(true);
  });
});
