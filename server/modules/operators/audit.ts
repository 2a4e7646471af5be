import { createHash } from "node:crypto";

import { eq, or, type SQL, sql } from "drizzle-orm";

import { auditChanges } from "#contract/audit-changes";
import type { ListPage } from "#contract/lists";
import type { AuditRow } from "#contract/ops-answers";
import type { AuditListFilter } from "#contract/schemas/lists";

import type { Db, Tx } from "../../db/client";
import { opsAudit } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime } from "../csv";
import { dateRange } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";
import type { OperatorIdentity } from "./service";

export interface AuditEntry {
  /** who acted: an operator, the machine token, or the anonymous sign-in attempt */
  operator: Pick<OperatorIdentity, "id" | "username">;
  /** "POST /api/ops/recharge/review" */
  action: string;
  target: string;
  input: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  ip: string;
  at: number;
}

const isSecret = (field: string) => /password|^code$|setupCode|secret|otpauth|token/i.test(field);

/** An embedded file (a channel's QR as a data URL) is kept as its type, length and fingerprint, not its bytes. */
const fileSummary = (inner: unknown) =>
  typeof inner === "string" && inner.length > 64 && /^data:[\w/+.-]{1,60}(;base64)?,/.test(inner)
    ? `${inner.slice(0, inner.indexOf(",") + 1)}… (${inner.length} chars, sha256 ${createHash("sha256").update(inner).digest("hex").slice(0, 16)})`
    : inner;

/** Fields as they are kept: secrets (passwords, authenticator codes and secrets, tokens) never reach the log. */
const withoutSecrets = (value: unknown): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, isSecret(field) ? "***" : fileSummary(inner)]))
    : value;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(withoutSecrets(value)));

/** Appends one row; called inside the transaction of the change it records. */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(opsAudit).values({
    operatorId: entry.operator.id,
    actor: entry.operator.username,
    at: entry.at,
    action: entry.action,
    target: entry.target,
    input: JSON.stringify(withoutSecrets(entry.input)),
    before: json(entry.before),
    after: json(entry.after),
    ip: entry.ip,
  });
}

type AuditRecord = typeof opsAudit.$inferSelect;

const parseJson = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The log by date, operator, action and target (a search: "withdrawal:12" exactly, or the start of one, or an
 * address), newest first; its order is the chain's, the id.
 */
function auditList(ctx: ServiceContext, filter: Omit<AuditListFilter, "cursor">): Omit<KeysetList<AuditRecord>, "cursor"> {
  const conditions: SQL[] = [...dateRange(opsAudit.at, filter)];
  if (filter.actor) conditions.push(eq(opsAudit.actor, filter.actor));
  if (filter.action) conditions.push(eq(opsAudit.action, filter.action));
  if (filter.target) conditions.push(eq(opsAudit.target, filter.target));
  if (filter.q) {
    const prefix = `${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${opsAudit.target} like ${prefix}`, eq(opsAudit.ip, filter.q))!);
  }
  return {
    db: ctx.db,
    where: conditions,
    sort: "time",
    sortColumn: opsAudit.id,
    order: filter.order ?? "desc",
    id: opsAudit.id,
    select: (where, orderBy, limit) =>
      ctx.db
        .select()
        .from(opsAudit)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (where) => ctx.db.select({ one: opsAudit.id }).from(opsAudit).where(where),
    keyOf: (row) => ({ value: row.id, id: row.id }),
  };
}

function auditRow(row: AuditRecord): AuditRow {
  const input = parseJson(row.input);
  const before = parseJson(row.before);
  const after = parseJson(row.after);
  return {
    id: row.id,
    operatorId: row.operatorId,
    actor: row.actor,
    at: row.at,
    action: row.action,
    target: row.target,
    input,
    before,
    after,
    changes: auditChanges(input, before, after),
    ip: row.ip,
  };
}

export async function listAudit(ctx: ServiceContext, filter: AuditListFilter): Promise<ListPage<AuditRow>> {
  const page = await keysetPage({ ...auditList(ctx, filter), cursor: filter.cursor });
  return { ...page, items: page.items.map(auditRow) };
}

/** The filtered log as CSV: one line per entry, its changes readable (amounts in U, before → after). */
export function auditCsv(ctx: ServiceContext, filter: AuditListFilter) {
  return csvLines(
    {
      columns: ["id", "time_utc", "operator", "action", "target", "changes", "ip"],
      cells: (record: AuditRecord) => {
        const row = auditRow(record);
        const changes = row.changes.map((change) => `${change.field}: ${change.before ?? "—"} → ${change.after ?? "—"}`).join("; ");
        return [row.id, isoTime(row.at), row.actor, row.action, row.target, changes, row.ip];
      },
    },
    everyRow(auditList(ctx, filter)),
  );
}

/** how many breaks the report lists; the count covers them all */
const BREAKS_LISTED = 20;

export type AuditChainBreak = { id: number; seq: number; kind: "altered" | "missing_before" };

/**
 * Walks the audit log's hash chain (migration 0031) in the database: a row whose fields no longer give its hash
 * was altered; a row whose previous hash is not the hash of the row before it, or whose place does not follow
 * it, had rows removed before it. Both need the triggers disabled, which only a superuser can do.
 */
export async function checkAuditChain(db: Db | Tx) {
  const rows = (await db.execute(sql`
    with chained as (
      select id, chain_seq, prev_hash, hash,
        ops_audit_row_hash(chain_seq, prev_hash, operator_id, actor, at, action, target, input, before, after, ip) as recomputed,
        lag(hash) over w as previous_hash, lag(chain_seq) over w as previous_seq
      from ops_audit window w as (order by chain_seq)
    ), broken as (
      select id, chain_seq, case when recomputed <> hash then 'altered' else 'missing_before' end as kind
      from chained
      where recomputed <> hash or prev_hash <> coalesce(previous_hash, '') or chain_seq <> coalesce(previous_seq, 0) + 1
    )
    select (select count(*) from ops_audit)::int as total, (select count(*) from broken)::int as broken,
      coalesce((select json_agg(b order by b.chain_seq) from (select * from broken order by chain_seq limit ${BREAKS_LISTED}) b), '[]'::json) as first
  `)) as unknown as { rows: Array<{ total: number; broken: number; first: unknown }> };
  const [row] = rows.rows;
  const first = (typeof row?.first === "string" ? JSON.parse(row.first) : (row?.first ?? [])) as Array<{
    id: number | string;
    chain_seq: number | string;
    kind: AuditChainBreak["kind"];
  }>;
  return {
    ok: Number(row?.broken ?? 0) === 0,
    rows: Number(row?.total ?? 0),
    broken: Number(row?.broken ?? 0),
    breaks: first.map((item) => ({ id: Number(item.id), seq: Number(item.chain_seq), kind: item.kind })),
  };
}
