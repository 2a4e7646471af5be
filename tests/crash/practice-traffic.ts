import type { Random } from "#server/market/random";

import { call, mustCall, type Outcome } from "./api-call";
import type { ServerLives } from "./server-lives";

// Practice money under crashes: resets and practice orders from many concurrent clients, each request with its
// own requestId, journalled with what the client could know of it; then every reset is sent again with the same
// requestId, as the app does after a lost answer. The practice-reset crash test drives this on PGlite and on
// PostgreSQL.

export const RESET_PATH = "/api/user/practice_reset";
const ORDER_PATH = "/api/user/addorder";

export interface PracticeRequest {
  kind: "reset" | "order";
  requestId: string;
  fields: Record<string, string>;
  outcome: Outcome;
  /** which of the targets it was sent to first */
  target: number;
  /** the answers of the same requestId sent again after the crashes */
  retries: Outcome[];
}

/** The demo customer's session, renewed when a restart lost it. */
export class DemoSession {
  private token = "";

  async login(lives: ServerLives): Promise<void> {
    const login = await mustCall(lives, { method: "POST", path: "/api/login/index", fields: { account: "demo", password: "demo1234" } });
    this.token = login.token as string;
  }

  async send(lives: ServerLives, path: string, fields: Record<string, string>, method: "GET" | "POST" = "POST"): Promise<Outcome> {
    const request = () => call(lives, { method, path, fields, headers: { token: this.token } });
    const outcome = await request();
    if (outcome.kind !== "refused" || outcome.status !== 401) return outcome;
    await this.login(lives);
    return request();
  }
}

/** Every practice request sent, and how many resets are on the wire right now (the killer waits for one). */
export class PracticeTraffic {
  readonly requests: PracticeRequest[] = [];
  resetsInFlight = 0;
  private stopped = false;

  constructor(
    private readonly session: DemoSession,
    private readonly productId: number,
    private readonly random: Random,
  ) {}

  /** `workers` clients, each sending to a random one of `targets`, until stop(). */
  run(targets: ServerLives[], workers: number): Promise<void> {
    return Promise.all(Array.from({ length: workers }, (_, worker) => this.worker(targets, worker))).then(() => undefined);
  }

  stop(): void {
    this.stopped = true;
  }

  private async worker(targets: ServerLives[], worker: number): Promise<void> {
    for (let n = 1; !this.stopped; n++) {
      const targetIndex = Math.floor(this.random() * targets.length);
      const target = targets[targetIndex]!;
      const isReset = this.random() < 0.35;
      const requestId = `practice-crash-w${worker}-${n}`;
      const fields: Record<string, string> = isReset
        ? { requestId }
        : {
            requestId,
            account: "practice",
            pid: String(this.productId),
            direction: this.random() < 0.5 ? "up" : "down",
            seconds: "30",
            amount: String(10 + Math.floor(this.random() * 190)),
          };
      if (isReset) this.resetsInFlight++;
      const outcome = await this.session.send(target, isReset ? RESET_PATH : ORDER_PATH, fields).finally(() => {
        if (isReset) this.resetsInFlight--;
      });
      this.requests.push({ kind: isReset ? "reset" : "order", requestId, fields, outcome, target: targetIndex, retries: [] });
      await new Promise((resolve) => setTimeout(resolve, this.random() * 40));
    }
  }

  /** Resolves once a reset has been sent and not yet answered: a kill then lands in the middle of one. */
  async resetOnTheWire(): Promise<void> {
    while (this.resetsInFlight === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  }

  /**
   * Every reset sent again with its requestId, twice, to random targets: an answered one must answer the same
   * again; one whose answer was lost either was applied (and answers that) or applies now. Cut-off orders are sent
   * again too, so that every request ends answered.
   */
  async retryAll(targets: ServerLives[]): Promise<void> {
    for (const request of this.requests) {
      const answered = request.outcome.kind === "ok" || request.outcome.kind === "refused";
      if (request.kind === "order" && answered) continue;
      const path = request.kind === "reset" ? RESET_PATH : ORDER_PATH;
      for (let i = 0; i < 2; i++) {
        const target = targets[Math.floor(this.random() * targets.length)]!;
        request.retries.push(await this.sendUntilAdmitted(target, path, request.fields));
      }
    }
  }

  /**
   * Sends until the rate limit lets it through, as the app retries a 429. On PostgreSQL the processes share each
   * limit by leasing slices of it, and a SIGKILLed process never hands its slice back, so after several kills in
   * one minute the demo customer's budget can be spent until the window ends.
   */
  private async sendUntilAdmitted(target: ServerLives, path: string, fields: Record<string, string>): Promise<Outcome> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const outcome = await this.session.send(target, path, fields);
      if (outcome.kind !== "refused" || outcome.status !== 429 || Date.now() > deadline) return outcome;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }

  count(kind: PracticeRequest["kind"], outcome: Outcome["kind"]): number {
    return this.requests.filter((r) => r.kind === kind && r.outcome.kind === outcome).length;
  }
}

/** What the database holds of the demo customer's money after the run (read from a stopped or shared database). */
export interface PracticeBooks {
  user: { id: number; cash: number; coin: number; frozen: number; yuebao: number; practice: number };
  /** the demo customer's ledger rows */
  ledger: Array<{ id: number; account: string; delta: number; reason: string; reference: string | null; createdAt: number }>;
  /** the requestIds of the demo customer's claimed resets (those whose transaction committed) */
  claimedResets: string[];
  practiceOrders: Array<{ id: number; status: string }>;
}

/** Reads the books with any SQL runner (PGlite's drizzle or a pg client): numbers as numbers. */
export async function readPracticeBooks(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<PracticeBooks> {
  const num = (row: Record<string, unknown>, ...keys: string[]) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, keys.includes(k) ? Number(v) : v])) as never;
  const [user] = await query("select id, cash, coin, frozen, yuebao, practice from users where account = 'demo'");
  const id = Number(user!.id);
  const ledger = await query(
    `select id, account, delta, reason, reference, created_at as "createdAt" from ledger where user_id = ${id} order by id`,
  );
  const claims = await query(
    `select request_id from request_claims where user_id = ${id} and action = '${RESET_PATH}' and answer is not null`,
  );
  const orders = await query(`select id, status from orders where user_id = ${id} and account = 'practice'`);
  return {
    user: num(user!, "id", "cash", "coin", "frozen", "yuebao", "practice"),
    ledger: ledger.map((row) => num(row, "id", "delta", "createdAt")),
    claimedResets: claims.map((row) => String(row.request_id)),
    practiceOrders: orders.map((row) => num(row, "id")),
  };
}

/**
 * What must hold, in words (empty when it all does): each reset at most once per requestId and only for a
 * claimed request, every answered reset claimed, the practice balance equal to its ledger, practice orders
 * staked and settled on the practice account only and at most once, and no real money moved since `since`.
 */
export function practiceViolations(books: PracticeBooks, requests: PracticeRequest[], since: number): string[] {
  const violations: string[] = [];
  const claimed = new Set(books.claimedResets);
  const resetLines = new Map<string, number>();
  for (const row of books.ledger.filter((r) => r.reason === "practice_reset")) {
    const requestId = row.reference?.replace(/^practice_reset:/, "") ?? "";
    resetLines.set(requestId, (resetLines.get(requestId) ?? 0) + 1);
    if (row.account !== "practice") violations.push(`reset ${requestId} moved ${row.account}`);
    if (!claimed.has(requestId)) violations.push(`reset line ${row.id} (${row.reference}) belongs to no claimed request`);
  }
  for (const [requestId, lines] of resetLines) if (lines > 1) violations.push(`reset ${requestId} applied ${lines} times`);
  for (const request of requests.filter((r) => r.kind === "reset")) {
    const answers = [request.outcome, ...request.retries].filter((o) => o.kind === "ok");
    if (answers.length > 0 && !claimed.has(request.requestId)) violations.push(`reset ${request.requestId} answered ok but not claimed`);
    if (new Set(answers.map((o) => JSON.stringify(o))).size > 1) violations.push(`reset ${request.requestId} answered differently`);
    if (request.retries.some((o) => o.kind !== "ok"))
      violations.push(`reset ${request.requestId} retry: ${JSON.stringify(request.retries)}`);
  }
  const practiceSum = books.ledger.filter((r) => r.account === "practice").reduce((sum, r) => sum + r.delta, 0);
  if (practiceSum !== books.user.practice) violations.push(`practice balance ${books.user.practice} but ledger sum ${practiceSum}`);
  if (books.user.practice < 0) violations.push(`negative practice balance ${books.user.practice}`);
  for (const order of books.practiceOrders) {
    const lines = books.ledger.filter((r) => r.reference === `order:${order.id}`);
    if (lines.some((r) => r.account !== "practice")) violations.push(`practice order ${order.id} moved real money`);
    if (lines.filter((r) => r.reason === "order_stake").length !== 1) violations.push(`practice order ${order.id} staked ${lines.length}`);
    // a payout (none for a loss) or a void's refund: never both, never twice
    const settlements = lines.filter((r) => r.reason === "order_settlement" || r.reason === "order_void").length;
    if (settlements > 1) violations.push(`practice order ${order.id} paid ${settlements} times`);
  }
  const realSince = books.ledger.filter((r) => r.account !== "practice" && r.createdAt >= since);
  for (const row of realSince)
    violations.push(`real money moved during the run: ${row.reason} ${row.account} ${row.delta} (${row.reference})`);
  return violations;
}
