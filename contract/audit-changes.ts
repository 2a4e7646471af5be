import type { AuditChange } from "./lists";

/**
 * The audit log keeps each request's fields as the server parsed them, so an amount is there in cents and a rate
 * in basis points (`withdrawMin: 10000`). These name the fields that hold such numbers, so the log can show
 * them as an operator typed them: 100.00 U, 0.015.
 */
const CENTS_FIELDS = new Set([
  "amount",
  "withdrawMin",
  "withdrawMax",
  "rechargeMin",
  "rechargeApproveMax",
  "dualApprovalAbove",
  "singleMin",
  "singleMax",
  "totalMax",
  "minAmount",
  "maxAmount",
]);
const BPS_FIELDS = new Set(["feeRate", "payoutBps"]);

const decimals = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** One value as the log shows it: cents and basis points as decimals, objects as compact JSON. */
export function auditValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    if (CENTS_FIELDS.has(field)) return decimals(value);
    if (BPS_FIELDS.has(field)) return String(value / 10_000);
  }
  if (Array.isArray(value))
    return value
      .map((entry) =>
        typeof entry === "object" && entry !== null
          ? Object.entries(entry)
              .map(([key, inner]) => `${key} ${auditValue(key, inner)}`)
              .join(", ")
          : String(entry),
      )
      .join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What a change did, field by field. With a state before and after (a setting, an operator, a product), the
 * fields whose value differs, before → after; otherwise (a decision, a message) the fields of the request as
 * it was made, each shown as its new value. `requestId` identifies a submission, not a change, and is left out.
 */
export function auditChanges(input: unknown, before: unknown, after: unknown): AuditChange[] {
  const asked = isRecord(input)
    ? Object.entries(input).filter(([field, value]) => field !== "requestId" && value !== undefined && value !== "")
    : [];
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = fields
      .map((field) => ({ field, before: auditValue(field, before[field]), after: auditValue(field, after[field]) }))
      .filter((change) => change.before !== change.after);
    // what the request said beyond the state it changed (a decision's reason, say) is part of the record too
    const said = asked
      .filter(([field]) => !fields.includes(field))
      .map(([field, value]) => ({ field, before: null, after: auditValue(field, value) }));
    return [...changed, ...said];
  }
  return asked.map(([field, value]) => ({
    field,
    before: isRecord(before) ? auditValue(field, before[field]) : null,
    after: auditValue(field, value),
  }));
}
