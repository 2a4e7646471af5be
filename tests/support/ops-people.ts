import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { URI } from "otpauth";

import type { OpsRole } from "#contract/operators";

/**
 * Signed-in operators (people) for the tests that run real server processes (browser, crash, bench): the machine
 * token reads and runs reports, but approving, rejecting, moving money and changing the money rules take a person.
 * Plain fetch against a base URL, so the e2e global setup, the crash cluster and the bench share it.
 *
 * A fresh server writes a one-time setup code to DATA_DIR/ops-setup-code; `firstAdmin` turns it into the first
 * admin, who adds the others (`addPerson`). An authenticator code is good once per person, so each sign-in
 * waits for a step no earlier sign-in of that person used (and retries once a step on, for a sign-in in
 * another process that took the same one).
 */
export interface Person {
  username: string;
  password: string;
  /** the otpauth:// URI shown once, from which the tests compute the codes */
  otpauth: string;
  /** `ops_session=…`, for the `cookie` header */
  cookie: string;
}

interface Envelope {
  code: number;
  msg: string;
  err?: string;
  data: any;
}

const STEP_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(baseUrl: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { body: (await response.json()) as Envelope, setCookie: response.headers.get("set-cookie") ?? "" };
}

/**
 * A request as the app and the console send it (form fields; a GET's in the query) with the person's or the
 * customer's headers: answers the envelope's data, and throws with the path and message on a refusal.
 */
export async function callData(
  baseUrl: string,
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams(fields);
  const url = method === "GET" ? `${baseUrl}${path}?${body}` : `${baseUrl}${path}`;
  const response = await fetch(url, { method, headers, body: method === "POST" ? body : undefined });
  const answer = (await response.json()) as Envelope;
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** the last authenticator step this process used, per person */
const usedSteps = new Map<string, number>();

/** An authenticator code of `otpauth` in a step this process has not used yet for that person (waits for one). */
export async function freshCode(username: string, otpauth: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / STEP_MS);
    if ((usedSteps.get(username) ?? -1) < step) {
      usedSteps.set(username, step);
      return URI.parse(otpauth).generate();
    }
    await sleep(STEP_MS - (Date.now() % STEP_MS) + 200);
  }
}

/** Signs `person` in with password and a fresh authenticator code; answers the session cookie (`ops_session=…`). */
export async function signIn(baseUrl: string, person: Omit<Person, "cookie">): Promise<string> {
  let last = "";
  // a step another process (a second test worker, the CLI) used first is refused: the next step is not
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = await freshCode(person.username, person.otpauth);
    const answer = await post(baseUrl, "/api/ops/login", { username: person.username, password: person.password, code });
    const cookie = answer.setCookie.split(";")[0] ?? "";
    if (answer.body.code === 1 && cookie.startsWith("ops_session=")) {
      if (answer.body.data?.pending) throw new Error(`${person.username} owes a sign-in step: ${answer.body.data.pending}`);
      return cookie;
    }
    last = answer.body.msg;
  }
  throw new Error(`sign-in of ${person.username} refused: ${last}`);
}

/**
 * The first admin of a fresh server, from the setup code in its data folder (with several processes on one
 * database each wrote a code and only the last start's holds, so every folder given is tried), signed in.
 */
export async function firstAdmin(baseUrl: string, dataDirs: string[], username: string, password: string): Promise<Person> {
  let last = "no setup code file";
  for (const dir of dataDirs) {
    const file = join(dir, "ops-setup-code");
    if (!existsSync(file)) continue;
    const setupCode = readFileSync(file, "utf8").trim();
    const answer = await post(baseUrl, "/api/ops/setup", { setupCode, username, password });
    if (answer.body.code === 1) {
      const made = { username, password, otpauth: answer.body.data.otpauth as string };
      return { ...made, cookie: await signIn(baseUrl, made) };
    }
    last = answer.body.msg;
  }
  throw new Error(`first admin ${username} not made: ${last}`);
}

/** A new operator added by `admin` (a person, as only a person may add one), not signed in yet. */
export async function addOperator(
  baseUrl: string,
  admin: Person,
  username: string,
  role: OpsRole,
  password: string,
): Promise<Omit<Person, "cookie">> {
  const answer = await post(baseUrl, "/api/ops/operators", { username, role, password }, { cookie: admin.cookie });
  if (answer.body.code !== 1) throw new Error(`operator ${username} not added: ${answer.body.msg}`);
  return { username, password, otpauth: answer.body.data.otpauth as string };
}

/** A new operator added by `admin`, signed in. */
export async function addPerson(baseUrl: string, admin: Person, username: string, role: OpsRole, password: string): Promise<Person> {
  const made = await addOperator(baseUrl, admin, username, role, password);
  return { ...made, cookie: await signIn(baseUrl, made) };
}

/**
 * Changes the money rules as `proposer`, and has `approver` (another admin) approve what the change left
 * pending (a loosening waits for a second admin). Answers the rules as they then are.
 */
export async function setMoneyRulesByTwo(baseUrl: string, proposer: Person, approver: Person, fields: Record<string, string>) {
  const proposed = await post(baseUrl, "/api/ops/money-rules", fields, { cookie: proposer.cookie });
  if (proposed.body.code !== 1) throw new Error(`money rules: ${proposed.body.msg}`);
  let rules = proposed.body.data;
  for (const change of proposed.body.data.pendingChanges as Array<{ id: number }>) {
    const decided = await post(
      baseUrl,
      "/api/ops/money-rules/decide",
      { id: String(change.id), decision: "approve" },
      { cookie: approver.cookie },
    );
    if (decided.body.code !== 1) throw new Error(`money-rule change ${change.id}: ${decided.body.msg}`);
    rules = decided.body.data;
  }
  return rules;
}

/** The two admins a test server's money desk needs: the first (setup code) and a second it adds. */
export async function twoAdmins(baseUrl: string, dataDirs: string[], prefix = "desk"): Promise<[Person, Person]> {
  const first = await firstAdmin(baseUrl, dataDirs, `${prefix}-admin-a`, "first admin passphrase 2027");
  const second = await addPerson(baseUrl, first, `${prefix}-admin-b`, "admin", "second admin passphrase 2027");
  return [first, second];
}
