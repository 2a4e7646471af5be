import type { Random } from "#server/market/random";

import { makePng } from "../server/images";
import { call, mustCall, type Outcome, type Request } from "./api-call";
import { type Action, type Journal, money, type UniqueAmounts } from "./journal";
import type { Operator } from "./operator";
import type { ServerLives } from "./server-lives";

const PASSWORD = "secret123";
const PAY_PASSWORD = "pay12345";
/** the shortest settlement option of the seeded products */
export const ORDER_SECONDS = 30;

export interface Shared {
  lives: ServerLives;
  operator: Operator;
  journal: Journal;
  amounts: UniqueAmounts;
  /** the product every order is placed on (crypto: open at any hour) */
  productId: number;
}

/** One customer of the app: registered, funded and then busy with random money actions. */
export class Customer {
  private token = "";
  private userId = 0;
  private cardId = 0;
  private requests = 0;

  constructor(
    readonly account: string,
    private readonly shared: Shared,
    private readonly random: Random,
  ) {}

  get id(): number {
    return this.userId;
  }

  /** Registration with an SMS code read from the operator's outbox, a bank card, and a first recharge. */
  async register(phone: string, cardNumber: string, firstRecharge: number): Promise<void> {
    const { lives, operator } = this.shared;
    await mustCall(lives, { method: "POST", path: "/api/login/sendsms", fields: { phone } });
    const smsCode = await operator.smsCode(phone);
    const registered = await mustCall(lives, {
      method: "POST",
      path: "/api/login/reg",
      fields: {
        account: this.account,
        password: PASSWORD,
        password2: PASSWORD,
        payPassword: PAY_PASSWORD,
        payPassword2: PAY_PASSWORD,
        phone,
        smsCode,
        inviteCode: "DEMO88",
        eligible: "1",
      },
    });
    this.token = registered.token;
    this.userId = (await mustCall(lives, this.authed({ method: "GET", path: "/api/user/index" }))).id;
    const card = await mustCall(
      lives,
      this.authed({
        method: "POST",
        path: "/api/user/add_card",
        fields: {
          type: "bank",
          bankName: "Crash Bank",
          number: cardNumber,
          holder: this.account,
          payPassword: PAY_PASSWORD,
          requestId: this.nextRequestId(),
        },
      }),
    );
    this.cardId = card.id;
    const recharge = await this.recharge(firstRecharge);
    if (recharge?.kind !== "ok") throw new Error(`first recharge failed: ${JSON.stringify(recharge)}`);
    const approved = await operator.reviewRecharge(recharge.data.id, "approve");
    if (approved.kind !== "ok") throw new Error(`first recharge approval failed: ${JSON.stringify(approved)}`);
  }

  /** Random actions until told to stop; while the server is down each request waits for the next start. */
  async run(stopped: () => boolean): Promise<void> {
    while (!stopped()) {
      const pick = this.random();
      if (pick < 0.35) await this.placeOrder();
      else if (pick < 0.5) await this.exchange();
      else if (pick < 0.6) await this.recharge(this.shared.amounts.next(100_00));
      else if (pick < 0.7) await this.withdraw();
      else if (pick < 0.9) await this.yuebao();
      else await this.send({ method: "GET", path: "/api/user/wallet" });
      await new Promise((resolve) => setTimeout(resolve, 50 + this.random() * 200));
    }
  }

  private nextRequestId(): string {
    this.requests += 1;
    return `${this.account}-${this.requests}`;
  }

  /**
   * Every money action carries a requestId; one cut off by a crash (or never sent, or turned away before it
   * was read: a session lost with the database, a rate limit) is sent again with the same one, as the app
   * does, so the server answers the first attempt instead of acting twice.
   */
  private async once(
    action: Action,
    request: Request & { fields: Record<string, string> },
    requestId = this.nextRequestId(),
  ): Promise<Outcome> {
    const sent = { ...request, fields: { ...request.fields, requestId } };
    let outcome = await this.journaled(action, sent);
    for (let retry = 0; retry < 3; retry++) {
      const unanswered =
        outcome.kind === "unknown" ||
        outcome.kind === "unsent" ||
        (outcome.kind === "refused" && (outcome.status === 401 || outcome.status === 429));
      if (!unanswered) break;
      outcome = await this.journaled(action, sent);
    }
    return outcome;
  }

  private async placeOrder(): Promise<void> {
    const requestId = this.nextRequestId();
    const amount = 10_00 + Math.floor(this.random() * 50_00);
    const fields = {
      pid: String(this.shared.productId),
      direction: this.random() < 0.5 ? "up" : "down",
      seconds: String(ORDER_SECONDS),
      amount: money(amount),
    };
    await this.once({ kind: "order", requestId, amount }, { method: "POST", path: "/api/user/addorder", fields }, requestId);
  }

  private async exchange(): Promise<void> {
    const from = this.random() < 0.6 ? "cash" : "coin";
    const amount = this.shared.amounts.next(from === "cash" ? 10_00 : 5_00);
    await this.once(
      { kind: "exchange", from, amount },
      { method: "POST", path: "/api/user/exchange", fields: { from, amount: money(amount), payPassword: PAY_PASSWORD } },
    );
  }

  private async recharge(amount: number): Promise<Outcome | undefined> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), "transfer.png");
    const upload = await this.send({ method: "POST", path: "/api/user/uploadfile", form });
    if (upload.kind !== "ok") return undefined;
    const channels = await this.send({ method: "GET", path: "/api/user/recharge" });
    if (channels.kind !== "ok") return undefined;
    const channelId = String(channels.data.channels[0].id);
    return this.once(
      { kind: "recharge", amount },
      { method: "POST", path: "/api/user/dorecharge", fields: { channelId, amount: money(amount), screenshot: upload.data.url } },
    );
  }

  private async withdraw(): Promise<void> {
    const amount = this.shared.amounts.next(100_00);
    await this.once(
      { kind: "withdraw", amount },
      { method: "POST", path: "/api/user/cash", fields: { amount: money(amount), cardId: String(this.cardId), payPassword: PAY_PASSWORD } },
    );
  }

  /** Join a plan, or append to / stop one of the customer's running subscriptions. */
  private async yuebao(): Promise<void> {
    const info = await this.send({ method: "GET", path: "/api/user/yuebaoinfo" });
    if (info.kind !== "ok") return;
    const running = (info.data.subscriptions as Array<{ id: number; status: string }>).filter((s) => s.status !== "settled");
    const pick = this.random();
    if (running.length === 0 || pick < 0.4) {
      const plans = await this.send({ method: "GET", path: "/api/user/yeb" });
      if (plans.kind !== "ok") return;
      const planId = (plans.data as Array<{ id: number }>)[Math.floor(this.random() * plans.data.length)]!.id;
      const amount = this.shared.amounts.next(100_00);
      await this.once(
        { kind: "yuebao_join", planId, amount },
        {
          method: "POST",
          path: "/api/user/yebjoinnow",
          fields: { planId: String(planId), amount: money(amount), payPassword: PAY_PASSWORD },
        },
      );
      return;
    }
    const subscriptionId = running[Math.floor(this.random() * running.length)]!.id;
    if (pick < 0.75) {
      const amount = this.shared.amounts.next(50_00);
      await this.once(
        { kind: "yuebao_append", subscriptionId, amount },
        {
          method: "POST",
          path: "/api/user/yebappend",
          fields: { id: String(subscriptionId), amount: money(amount), payPassword: PAY_PASSWORD },
        },
      );
    } else {
      await this.once(
        { kind: "yuebao_stop", subscriptionId },
        { method: "POST", path: "/api/user/yebstop", fields: { id: String(subscriptionId), payPassword: PAY_PASSWORD } },
      );
    }
  }

  /** The customer's holding orders, or null when the server could not say. */
  async holdingCount(): Promise<number | null> {
    const holding = await this.send({ method: "GET", path: "/api/user/ajaxorder_list" });
    return holding.kind === "ok" ? (holding.data as unknown[]).length : null;
  }

  private async journaled(action: Action, request: Request): Promise<Outcome> {
    const outcome = await this.send(request);
    this.shared.journal.record(this.userId, action, outcome);
    return outcome;
  }

  private authed(request: Request): Request {
    return { ...request, headers: { ...request.headers, token: this.token } };
  }

  /** Sends as this customer; a dead session (401) logs in again, as the app would send the user to log in. */
  private async send(request: Request): Promise<Outcome> {
    const outcome = await call(this.shared.lives, this.authed(request));
    if (outcome.kind === "refused" && outcome.status === 401) {
      const login = await call(this.shared.lives, {
        method: "POST",
        path: "/api/login/index",
        fields: { account: this.account, password: PASSWORD },
      });
      if (login.kind === "ok") this.token = login.data.token;
    }
    return outcome;
  }
}
