import type { Outcome } from "./api-call";

/**
 * Every money request the clients and the operator sent, with what they learnt of its outcome. Amounts are
 * cents and unique per request (see UniqueAmounts), so a row in the database points back to the one request
 * that could have made it, even for the endpoints that have no idempotency key.
 */
export type Action =
  | { kind: "order"; requestId: string; amount: number }
  | { kind: "recharge"; amount: number }
  | { kind: "withdraw"; amount: number }
  | { kind: "exchange"; from: "cash" | "coin"; amount: number }
  | { kind: "yuebao_join"; planId: number; amount: number }
  | { kind: "yuebao_append"; subscriptionId: number; amount: number }
  | { kind: "yuebao_stop"; subscriptionId: number }
  | { kind: "recharge_review"; id: number; decision: "approve" | "reject" }
  | { kind: "withdrawal_review"; id: number; decision: "approve" | "reject" };

export interface Entry {
  /** the customer's user id; 0 for the operator's reviews */
  userId: number;
  action: Action;
  outcome: Outcome["kind"];
  /** the error key, or the network error, for the report */
  detail: string;
}

export class Journal {
  readonly entries: Entry[] = [];
  private waitingForOk: Array<() => void> = [];

  record(userId: number, action: Action, outcome: Outcome): void {
    const detail = outcome.kind === "refused" ? outcome.err : outcome.kind === "ok" ? "" : outcome.error;
    this.entries.push({ userId, action, outcome: outcome.kind, detail });
    if (outcome.kind === "ok") for (const resolve of this.waitingForOk.splice(0)) resolve();
  }

  /** Resolves as soon as the next request is answered ok: the moment its commit must already be durable. */
  nextOk(): Promise<void> {
    return new Promise((resolve) => this.waitingForOk.push(resolve));
  }

  /** counts per action kind and outcome, e.g. { "order ok": 120, "order unknown": 3 } */
  summary(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries) {
      const key = `${entry.action.kind} ${entry.outcome}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return Object.fromEntries(Object.entries(counts).sort());
  }
}

/**
 * Hands out amounts no other request of the run uses: `base + n` cents with a run-wide counter, so two
 * requests never share an amount whatever their kind or user.
 */
export class UniqueAmounts {
  private counter = 0;
  next(baseCents: number): number {
    this.counter += 1;
    return baseCents + this.counter;
  }
}

export const money = (cents: number) => (cents / 100).toFixed(2);
