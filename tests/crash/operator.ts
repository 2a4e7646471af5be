import type { Random } from "#server/market/random";

import { call, mustCall, type Request } from "./api-call";
import type { Journal } from "./journal";
import { CRASH_OPS_TOKEN, type ServerLives } from "./server-lives";

const asOperator = (request: Request): Request => ({ ...request, headers: { ...request.headers, "ops-token": CRASH_OPS_TOKEN } });

/** The operator, through the operator API (what `npm run ops` calls). */
export class Operator {
  constructor(
    private readonly lives: ServerLives,
    private readonly journal: Journal,
  ) {}

  /** Withdrawals allowed at any hour and any number of times a day, so the wall clock cannot refuse them. */
  async openWithdrawalRules(): Promise<void> {
    await mustCall(
      this.lives,
      asOperator({ method: "POST", path: "/api/ops/money-rules", fields: { window: "00:00-24:00", timezone: "UTC", dailyCount: "999" } }),
    );
  }

  async smsCode(phone: string): Promise<string> {
    const outbox = (await mustCall(this.lives, asOperator({ method: "GET", path: "/api/ops/sms", fields: { phone } }))) as Array<{
      code: string;
    }>;
    if (!outbox[0]) throw new Error(`no SMS code for ${phone}`);
    return outbox[0].code;
  }

  async reviewRecharge(id: number, decision: "approve" | "reject") {
    const outcome = await call(
      this.lives,
      asOperator({ method: "POST", path: "/api/ops/recharge/review", fields: { id: String(id), decision, reason: "crash test" } }),
    );
    this.journal.record(0, { kind: "recharge_review", id, decision }, outcome);
    return outcome;
  }

  async reviewWithdrawal(id: number, decision: "approve" | "reject") {
    const outcome = await call(
      this.lives,
      asOperator({ method: "POST", path: "/api/ops/withdrawal/review", fields: { id: String(id), decision, reason: "crash test" } }),
    );
    this.journal.record(0, { kind: "withdrawal_review", id, decision }, outcome);
    return outcome;
  }

  /** One pass over the review queues: most recharges approved, withdrawals paid or returned. */
  async reviewSome(random: Random): Promise<void> {
    const recharges = await call(this.lives, asOperator({ method: "GET", path: "/api/ops/recharges", fields: { status: "review" } }));
    if (recharges.kind === "ok") {
      for (const row of (recharges.data as Array<{ id: number }>).slice(0, 3))
        await this.reviewRecharge(row.id, random() < 0.85 ? "approve" : "reject");
    }
    const withdrawals = await call(this.lives, asOperator({ method: "GET", path: "/api/ops/withdrawals", fields: { status: "review" } }));
    if (withdrawals.kind === "ok") {
      for (const row of (withdrawals.data as Array<{ id: number }>).slice(0, 3))
        await this.reviewWithdrawal(row.id, random() < 0.6 ? "approve" : "reject");
    }
  }

  async reconcile(): Promise<{ ok: boolean; drift: unknown[]; negativeBalances: number }> {
    return mustCall(this.lives, asOperator({ method: "GET", path: "/api/ops/reconcile" }));
  }
}
