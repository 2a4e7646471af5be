import type { Random } from "#server/market/random";

import { type Person, setMoneyRulesByTwo, twoAdmins } from "../support/ops-people";
import { call, mustCall, type Request } from "./api-call";
import type { Journal } from "./journal";
import { CRASH_OPS_TOKEN, type ServerLives } from "./server-lives";

/** reads and reports: the machine token */
const asOperator = (request: Request): Request => ({ ...request, headers: { ...request.headers, "ops-token": CRASH_OPS_TOKEN } });

/** The operator, through the operator API (what `npm run ops` calls). */
export class Operator {
  /** the person who reviews (the first admin; its session is in the database, so it outlives each SIGKILL) */
  private person: Person | null = null;

  constructor(
    private readonly lives: ServerLives,
    private readonly journal: Journal,
  ) {}

  /** approvals, rejections and money rules: a signed-in person, as the token may not */
  private asPerson(request: Request): Request {
    if (!this.person) throw new Error("openWithdrawalRules first: it makes the admins");
    return { ...request, headers: { ...request.headers, cookie: this.person.cookie } };
  }

  /**
   * Makes the desk's two admins from the fresh server's setup code (before any kill), and through them allows
   * withdrawals at any hour and any number of times a day, so the wall clock cannot refuse them: a loosening,
   * which the second admin approves.
   */
  async openWithdrawalRules(): Promise<void> {
    const baseUrl = await this.lives.whenUp();
    const [first, second] = await twoAdmins(baseUrl, [this.lives.dataDir], "crash");
    this.person = first;
    await setMoneyRulesByTwo(baseUrl, first, second, {
      window: "00:00-24:00",
      timezone: "UTC",
      dailyCount: "999",
      firstWithdrawalRealName: "0",
    });
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
      this.asPerson({ method: "POST", path: "/api/ops/recharge/review", fields: { id: String(id), decision, reason: "crash test" } }),
    );
    this.journal.record(0, { kind: "recharge_review", id, decision }, outcome);
    return outcome;
  }

  async reviewWithdrawal(id: number, decision: "approve" | "reject") {
    const outcome = await call(
      this.lives,
      this.asPerson({ method: "POST", path: "/api/ops/withdrawal/review", fields: { id: String(id), decision, reason: "crash test" } }),
    );
    this.journal.record(0, { kind: "withdrawal_review", id, decision }, outcome);
    return outcome;
  }

  /** One pass over the review queues: most recharges approved, withdrawals paid or returned. */
  async reviewSome(random: Random): Promise<void> {
    const recharges = await call(this.lives, asOperator({ method: "GET", path: "/api/ops/recharges", fields: { status: "review" } }));
    if (recharges.kind === "ok") {
      for (const row of (recharges.data as { items: Array<{ id: number }> }).items.slice(0, 3))
        await this.reviewRecharge(row.id, random() < 0.85 ? "approve" : "reject");
    }
    const withdrawals = await call(this.lives, asOperator({ method: "GET", path: "/api/ops/withdrawals", fields: { status: "review" } }));
    if (withdrawals.kind === "ok") {
      for (const row of (withdrawals.data as { items: Array<{ id: number }> }).items.slice(0, 3))
        await this.reviewWithdrawal(row.id, random() < 0.6 ? "approve" : "reject");
    }
  }

  async reconcile(): Promise<{ ok: boolean; drift: unknown[]; negativeBalances: number }> {
    return mustCall(this.lives, asOperator({ method: "GET", path: "/api/ops/reconcile" }));
  }
}
