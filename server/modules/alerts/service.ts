import { and, desc, eq, gte, isNotNull, isNull } from "drizzle-orm";

import type { AlertKind, AlertList, OpsAlert } from "#contract/alerts";
import { centsToDecimal } from "#contract/format";
import type { OpsRole } from "#contract/operators";
import { operatorHears, type OpsTopic } from "#contract/stream";

import type { Db, Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { operators, opsAlerts } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import type { OperatorIdentity } from "../operators/service";

/** Acknowledged alerts stay listed this long, so the desk sees who took which. */
const ACKNOWLEDGED_SHOWN_SECONDS = 86_400;
/** At most this many of each list: a flood (a feed down for every product) must not make the page unusable. */
const LIST_LIMIT = 200;
/** Details stored in cents, shown in U. */
const CENT_DETAILS = new Set(["stake", "win"]);

type AlertRow = typeof opsAlerts.$inferSelect & { acknowledgedByName: string | null };

const hears = (role: OpsRole) => (row: { topic: string }) => operatorHears(role, row.topic as OpsTopic);

function toAlert(row: AlertRow): OpsAlert {
  const details = Object.fromEntries(
    Object.entries(row.details as Record<string, string | number>).map(([key, value]) => [
      key,
      CENT_DETAILS.has(key) && typeof value === "number" ? centsToDecimal(value) : value,
    ]),
  );
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    subject: row.subject,
    details,
    raisedAt: row.raisedAt,
    acknowledgedBy: row.acknowledgedByName,
    acknowledgedAt: row.acknowledgedAt,
  };
}

const selectAlerts = (db: Db | Tx) =>
  db
    .select({
      id: opsAlerts.id,
      kind: opsAlerts.kind,
      causeKey: opsAlerts.causeKey,
      topic: opsAlerts.topic,
      subject: opsAlerts.subject,
      details: opsAlerts.details,
      raisedAt: opsAlerts.raisedAt,
      acknowledgedBy: opsAlerts.acknowledgedBy,
      acknowledgedAt: opsAlerts.acknowledgedAt,
      acknowledgedByName: operators.username,
    })
    .from(opsAlerts)
    .leftJoin(operators, eq(operators.id, opsAlerts.acknowledgedBy));

/** The alerts an operator of `role` is shown: those of the stream topics the role hears (admin: all). */
export async function listAlerts(ctx: ServiceContext, role: OpsRole): Promise<AlertList> {
  const open = await selectAlerts(ctx.db).where(isNull(opsAlerts.acknowledgedAt)).orderBy(desc(opsAlerts.id)).limit(LIST_LIMIT);
  const acknowledged = await selectAlerts(ctx.db)
    .where(and(isNotNull(opsAlerts.acknowledgedAt), gte(opsAlerts.acknowledgedAt, ctx.now() - ACKNOWLEDGED_SHOWN_SECONDS)))
    .orderBy(desc(opsAlerts.acknowledgedAt), desc(opsAlerts.id))
    .limit(LIST_LIMIT);
  return { open: open.filter(hears(role)).map(toAlert), acknowledged: acknowledged.filter(hears(role)).map(toAlert) };
}

/**
 * An operator takes an alert: once, by a named person whose role hears its topic (another role is told it does
 * not exist). Runs in the route's transaction with its audit row; every console showing it hears of it.
 */
export async function acknowledgeAlert(tx: Db | Tx, operator: OperatorIdentity, id: number, now: number): Promise<OpsAlert> {
  if (operator.id === null) throw new AppError("ops_person_required");
  const [row] = await tx.select().from(opsAlerts).where(eq(opsAlerts.id, id)).for("update");
  if (!row || !hears(operator.role)(row)) throw new AppError("record_not_found");
  if (row.acknowledgedAt !== null) throw new AppError("already_reviewed");
  await tx.update(opsAlerts).set({ acknowledgedBy: operator.id, acknowledgedAt: now }).where(eq(opsAlerts.id, id));
  await recordEvents(tx, [{ userId: null, kind: "alert_acknowledged", data: { id, topic: row.topic as OpsTopic } }], now);
  const [after] = await selectAlerts(tx).where(eq(opsAlerts.id, id));
  return toAlert(after!);
}
