// `npm run ops -- <command> [args]`: the operator's client. It talks to the running server over HTTP and
// never opens the database itself (an embedded PGlite folder belongs to exactly one process). Its paths and
// their answers are the console's (contract/ops-paths.ts), without the request schemas: the server checks those.
// Reading and reports work with the machine token (OPS_TOKEN); approving, rejecting, moving money and changing
// the money rules need a person: `login` signs in with name, password and authenticator code, as the console
// does, and keeps that session (8 hours, 30 minutes idle) for the commands after it.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";

import { opsPaths } from "#contract/ops-paths";
import type { AnswerOf } from "#contract/paths";

import { readConfig } from "../config";
import { customerCommands } from "./customer-commands";
import { listCommands } from "./list-commands";
import { moneyCommands } from "./money-commands";
import { operatorCommands } from "./operator-commands";

interface Command {
  usage: string;
  method: "GET" | "POST";
  path: string;
  fields: (args: string[]) => Record<string, string>;
}

const commands: Record<string, Command> = {
  sms: {
    usage: "sms [phone]",
    ...opsPaths.smsOutbox,
    fields: ([phone]) => (phone ? { phone } : ({} as Record<string, string>)),
  },
  user: { usage: "user <account>", ...opsPaths.showUser, fields: ([account]) => ({ account: account ?? "" }) },
  unlock: { usage: "unlock <account>   (lifts a login lock)", ...opsPaths.unlockUser, fields: ([account]) => ({ account: account ?? "" }) },
  products: { usage: "products", ...opsPaths.listProducts, fields: () => ({}) },
  "product-open": {
    usage: "product-open <pid>",
    ...opsPaths.setProductTrading,
    fields: ([pid]) => ({ pid: pid ?? "", enabled: "1" }),
  },
  "product-close": {
    usage: "product-close <pid>",
    ...opsPaths.setProductTrading,
    fields: ([pid]) => ({ pid: pid ?? "", enabled: "0" }),
  },
  "product-options": {
    usage: "product-options <pid> <seconds:payoutRate:min:max,…>   e.g. 30:0.8:10:5000,60:0.85:10:10000",
    ...opsPaths.setProductOptions,
    fields: ([pid, options]) => ({ pid: pid ?? "", options: options ?? "" }),
  },
  "product-limits": {
    usage: "product-limits <pid> <feeRate> <singleMin> <singleMax> <totalMax>   e.g. 1 0.01 10 50000 100000",
    ...opsPaths.setProductLimits,
    fields: ([pid, feeRate, singleMin, singleMax, totalMax]) => ({
      pid: pid ?? "",
      feeRate: feeRate ?? "",
      singleMin: singleMin ?? "",
      singleMax: singleMax ?? "",
      totalMax: totalMax ?? "",
    }),
  },
  "product-feed": {
    usage: "product-feed <pid> <simulated|binance:symbol> [staleSeconds]   e.g. 11 binance:btcusdt 10 (product closed, no open orders)",
    ...opsPaths.setProductFeed,
    fields: ([pid, source, staleSeconds]) => ({ pid: pid ?? "", source: source ?? "", staleSeconds: staleSeconds ?? "10" }),
  },
  recharges: {
    usage: "recharges [review|success|failed|all]",
    ...opsPaths.listRecharges,
    fields: ([status]) => ({ status: status ?? "review" }),
  },
  "recharge-approve": {
    usage: "recharge-approve <id>",
    ...opsPaths.reviewRecharge,
    fields: ([id]) => ({ id: id ?? "", decision: "approve" }),
  },
  "recharge-reject": {
    usage: "recharge-reject <id> <reason>",
    ...opsPaths.reviewRecharge,
    fields: ([id, ...reason]) => ({ id: id ?? "", decision: "reject", reason: reason.join(" ") }),
  },
  withdrawals: {
    usage: "withdrawals [review|success|failed|all|awaiting_payout]",
    ...opsPaths.listWithdrawals,
    fields: ([status]) => ({ status: status ?? "review" }),
  },
  "withdrawal-approve": {
    usage: "withdrawal-approve <id>",
    ...opsPaths.reviewWithdrawal,
    fields: ([id]) => ({ id: id ?? "", decision: "approve" }),
  },
  "withdrawal-reject": {
    usage: "withdrawal-reject <id> <reason>",
    ...opsPaths.reviewWithdrawal,
    fields: ([id, ...reason]) => ({ id: id ?? "", decision: "reject", reason: reason.join(" ") }),
  },
  channel: {
    usage: "channel <type bank|alipay|wechat|crypto> <name> <account> [note] [id-to-change] [qr-image.png]",
    ...opsPaths.setChannel,
    fields: ([type, name, account, note, id, qrFile]) => ({
      type: type ?? "",
      name: name ?? "",
      account: account ?? "",
      note: note ?? "",
      ...(id && id !== "new" ? { id } : {}),
      ...(qrFile ? { qr: qrDataUrl(qrFile) } : {}),
    }),
  },
  "money-rules": {
    usage:
      "money-rules [key=value …]   keys: withdrawMin withdrawMax withdrawFeeRate window timezone dailyCount coinRate rechargeMin rechargeApproveMax rechargeNotice dualApprovalAbove payoutCap firstWithdrawalRealName (1/0) (a loosening waits for a second admin)",
    ...opsPaths.setMoneyRules,
    fields: (pairs) => Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
  },
  "money-rules-show": {
    usage: "money-rules-show   (the rules and the changes waiting for a second admin)",
    ...opsPaths.moneyRules,
    fields: () => ({}),
  },
  "money-rule-approve": {
    usage: "money-rule-approve <change id>   (an admin other than the one who asked)",
    ...opsPaths.decideMoneyRuleChange,
    fields: ([id]) => ({ id: id ?? "", decision: "approve" }),
  },
  "money-rule-reject": {
    usage: "money-rule-reject <change id>",
    ...opsPaths.decideMoneyRuleChange,
    fields: ([id]) => ({ id: id ?? "", decision: "reject" }),
  },
  reconcile: { usage: "reconcile", ...opsPaths.reconcile, fields: () => ({}) },
  status: { usage: "status", ...opsPaths.processStatus, fields: () => ({}) },
  verifications: { usage: "verifications", ...opsPaths.listVerifications, fields: () => ({}) },
  "verification-pass": {
    usage: "verification-pass <id>",
    ...opsPaths.reviewVerification,
    fields: ([id]) => ({ id: id ?? "", decision: "pass" }),
  },
  "verification-refuse": {
    usage: "verification-refuse <id> <reason>",
    ...opsPaths.reviewVerification,
    fields: ([id, ...reason]) => ({ id: id ?? "", decision: "refuse", reason: reason.join(" ") }),
  },
  message: {
    usage: "message <account|all> <title> <body>",
    ...opsPaths.sendMessage,
    fields: ([account, title, ...body]) => ({
      ...(account && account !== "all" ? { account } : {}),
      title: title ?? "",
      body: body.join(" "),
    }),
  },
  plan: {
    usage: "plan <title> <dailyRate e.g. 0.0012> <days> <minAmount> [id-to-change] [enabled 1|0]",
    ...opsPaths.setPlan,
    fields: ([title, dailyRate, days, minAmount, id, enabled]) => ({
      title: title ?? "",
      dailyRate: dailyRate ?? "",
      days: days ?? "",
      minAmount: minAmount ?? "",
      ...(id && id !== "new" ? { id } : {}),
      ...(enabled ? { enabled } : {}),
    }),
  },
  content: {
    usage: "content <item-slug> <banner|notice|news|company|activity> <lang> <title> <summary> <body-html-or-@file>",
    ...opsPaths.publishContent,
    fields: ([item, kind, lang, title, summary, body]) => ({
      item: item ?? "",
      kind: kind ?? "",
      lang: lang ?? "",
      title: title ?? "",
      summary: summary ?? "",
      body: body?.startsWith("@") ? readFileSync(body.slice(1), "utf8") : (body ?? ""),
    }),
  },
  "operator-add": {
    usage: "operator-add <username> <admin|finance|support|content>   (password from OPS_NEW_PASSWORD, else generated)",
    ...opsPaths.addOperator,
    fields: ([username, role]) => ({
      username: username ?? "",
      role: role ?? "",
      ...(process.env.OPS_NEW_PASSWORD ? { password: process.env.OPS_NEW_PASSWORD } : {}),
    }),
  },
  operators: { usage: "operators", ...opsPaths.listOperators, fields: () => ({}) },
  audit: {
    usage: "audit [actor] [action e.g. 'POST /api/ops/recharge/review']",
    ...opsPaths.auditLog,
    fields: ([actor, action]) => ({ ...(actor && actor !== "all" ? { actor } : {}), ...(action ? { action } : {}) }),
  },
  "dashboard-history": {
    usage: "dashboard-history [7|30|90]   (money per UTC day and the top winners)",
    ...opsPaths.dashboardHistory,
    fields: ([days]) => (days ? { days } : ({} as Record<string, string>)),
  },
  alerts: { usage: "alerts   (open ones, and those acknowledged in the last day)", ...opsPaths.listAlerts, fields: () => ({}) },
  "alert-ack": { usage: "alert-ack <id>   (as a signed-in person)", ...opsPaths.acknowledgeAlert, fields: ([id]) => ({ id: id ?? "" }) },
  office: {
    usage: "office <name> <address> <latitude> <longitude>   (decimal degrees, e.g. 22.281 114.173)",
    ...opsPaths.setOffice,
    fields: ([name, address, lat, lng]) => ({ name: name ?? "", address: address ?? "", lat: lat ?? "", lng: lng ?? "" }),
  },
  "invite-bonus": {
    usage: "invite-bonus <amount per invitee> [registration|verification|first_recharge]",
    ...opsPaths.setInviteBonus,
    fields: ([amount, policy]) => ({ amount: amount ?? "", ...(policy ? { policy } : {}) }),
  },
  ...operatorCommands,
  ...listCommands,
  ...moneyCommands,
  ...customerCommands,
};

/** A QR image file as the data URL the channel stores (the PWA shows it without another request). */
function qrDataUrl(file: string): string {
  const type = file.endsWith(".png") ? "png" : file.endsWith(".webp") ? "webp" : "jpeg";
  return `data:image/${type};base64,${readFileSync(file).toString("base64")}`;
}

function usage(): never {
  console.error(
    `usage: npm run ops -- <command>\n  login <name>   (password from OPS_PASSWORD and code from OPS_TOTP, else asked)\n  logout\n${Object.values(
      commands,
    )
      .map((c) => `  ${c.usage}`)
      .join("\n")}`,
  );
  process.exit(2);
}

function opsToken(dataDir: string): string | null {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = join(dataDir, "ops-token");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/** Where `login` keeps the session cookie: readable by its owner only, like the setup code. */
const sessionFile = (dataDir: string) => process.env.OPS_SESSION_FILE ?? join(dataDir, "ops-session");

/** The signed-in person's cookie for this server, if `login` left one. */
function savedSession(dataDir: string, base: string): string | null {
  const file = sessionFile(dataDir);
  if (!existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, "utf8")) as { base: string; cookie: string };
  return saved.base === base ? saved.cookie : null;
}

/** A value from the environment, or asked on the terminal (the password and code are never arguments: shells keep history). */
async function ask(variable: string, question: string): Promise<string> {
  const given = process.env[variable];
  if (given) return given;
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await terminal.question(question)).trim();
  } finally {
    terminal.close();
  }
}

/** `login <name>`: signs a person in with password (OPS_PASSWORD) and authenticator code (OPS_TOTP) and keeps the session. */
async function login(base: string, dataDir: string, username: string | undefined) {
  if (!username) usage();
  const fields = new URLSearchParams({
    username,
    password: await ask("OPS_PASSWORD", "password: "),
    code: await ask("OPS_TOTP", "authenticator code: "),
  });
  const response = await fetch(`${base}${opsPaths.operatorLogin.path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
  });
  const answer = (await response.json()) as { code: number; msg: string };
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (answer.code !== 1 || !cookie) {
    console.error(`refused: ${answer.msg}`);
    process.exit(1);
  }
  writeFileSync(sessionFile(dataDir), JSON.stringify({ base, cookie }), { mode: 0o600 });
  console.log(`signed in as ${username} until you run \`npm run ops -- logout\` (or 8 hours, or 30 minutes without a command)`);
}

async function logout(base: string, dataDir: string) {
  const cookie = savedSession(dataDir, base);
  if (cookie) await fetch(`${base}${opsPaths.operatorLogout.path}`, { method: "POST", headers: { cookie } }).catch(() => undefined);
  rmSync(sessionFile(dataDir), { force: true });
  console.log("signed out");
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const config = readConfig();
  const base = process.env.OPS_URL ?? `http://127.0.0.1:${config.port}`;
  if (name === "login") return login(base, config.dataDir, args[0]);
  if (name === "logout") return logout(base, config.dataDir);
  const command = name ? commands[name] : undefined;
  if (!command) usage();
  const fields = new URLSearchParams(command.fields(args));
  const url = command.method === "GET" ? `${base}${command.path}?${fields}` : `${base}${command.path}`;
  // a signed-in person acts as themselves; otherwise the machine token, which reads and runs reports
  const session = savedSession(config.dataDir, base);
  const token = session ? null : opsToken(config.dataDir);
  if (!session && !token) {
    console.error("not signed in: run `npm run ops -- login <name>` (or set OPS_TOKEN for reading and reports)");
    process.exit(2);
  }
  const response = await fetch(url, {
    method: command.method,
    headers: {
      ...(session ? { cookie: session } : { "ops-token": token! }),
      ...(command.method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: command.method === "POST" ? fields : undefined,
  });
  // an export answers CSV itself (a refusal still comes in the envelope)
  if (response.ok && response.headers.get("content-type")?.startsWith("text/csv")) {
    process.stdout.write(await response.text());
    return;
  }
  const answer = (await response.json()) as { code: number; msg: string; err?: string; data: unknown };
  if (answer.code !== 1) {
    console.error(`refused: ${answer.msg}`);
    if (answer.err === "ops_person_required") console.error("sign in as yourself first: npm run ops -- login <name>");
    if (answer.err === "ops_forbidden" && session) console.error("the session has ended: npm run ops -- login <name>");
    process.exit(1);
  }
  console.log(JSON.stringify(answer.data, null, 2));
  // reconcile fails the command when any balance drifts from its ledger
  if (name === "reconcile" && !(answer.data as AnswerOf<typeof opsPaths.reconcile>).ok) process.exit(3);
}

main().catch((error) => {
  console.error(`cannot reach the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
