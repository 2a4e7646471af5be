import type { Envelope } from "#contract/envelope";

/**
 * The console's calls to the operator API. The session is the HttpOnly cookie the server set at sign-in: the
 * page never sees it, the browser sends it to /api/ops only.
 */
export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly key: string | undefined,
    readonly status: number,
  ) {
    super(message);
  }
}

let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

interface ApiPath {
  method: "GET" | "POST";
  path: string;
}

export async function call<T>(endpoint: ApiPath, fields: Record<string, string | undefined> = {}): Promise<T> {
  const values = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const url = new URL(endpoint.path, location.href);
  const headers = new Headers({ language: localStorage.getItem("ops-language") ?? "en" });
  const request =
    endpoint.method === "GET"
      ? ((url.search = values.toString()), new Request(url, { headers, credentials: "same-origin" }))
      : new Request(url, { method: "POST", headers, body: values, credentials: "same-origin" });
  const response = await fetch(request);
  const answer = (await response.json()) as Envelope<T> & { err?: string };
  if (answer.code !== 1) {
    if (answer.err === "ops_forbidden") onSignedOut();
    throw new ConsoleError(answer.msg, answer.err, response.status);
  }
  return answer.data;
}

const get = (path: string): ApiPath => ({ method: "GET", path });
const post = (path: string): ApiPath => ({ method: "POST", path });

// the operator endpoints of contract/ops.ts, named here without their schemas so the console ships no validator
export const api = {
  login: post("/api/ops/login"),
  setup: post("/api/ops/setup"),
  logout: post("/api/ops/logout"),
  me: get("/api/ops/me"),
  dashboard: get("/api/ops/dashboard"),
  audit: get("/api/ops/audit"),
  users: get("/api/ops/users"),
  user: get("/api/ops/user/detail"),
  recharges: get("/api/ops/recharges"),
  reviewRecharge: post("/api/ops/recharge/review"),
  withdrawals: get("/api/ops/withdrawals"),
  reviewWithdrawal: post("/api/ops/withdrawal/review"),
  verifications: get("/api/ops/verifications"),
  reviewVerification: post("/api/ops/verification/review"),
  products: get("/api/ops/products"),
  productTrading: post("/api/ops/product/trading"),
  productOptions: post("/api/ops/product/options"),
  productLimits: post("/api/ops/product/limits"),
  productQuoting: post("/api/ops/product/quoting"),
  productNames: post("/api/ops/product/names"),
  plans: get("/api/ops/plans"),
  setPlan: post("/api/ops/plan"),
  channels: get("/api/ops/channels"),
  setChannel: post("/api/ops/channel"),
  moneyRules: get("/api/ops/money-rules"),
  setMoneyRules: post("/api/ops/money-rules"),
  sms: get("/api/ops/sms"),
  risk: get("/api/ops/risk"),
  reconcileReport: get("/api/ops/reconcile/report"),
  contents: get("/api/ops/contents"),
  contentItem: get("/api/ops/content/item"),
  publishContent: post("/api/ops/content"),
  publishContentItem: post("/api/ops/content/publish"),
  office: get("/api/ops/office"),
  setOffice: post("/api/ops/office"),
};

export interface Operator {
  id: number | null;
  username: string;
  role: "admin" | "finance" | "support" | "content";
}
