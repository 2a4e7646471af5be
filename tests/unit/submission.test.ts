import { describe, expect, it } from "vitest";

import type { Envelope } from "#contract/envelope";

import { Submission } from "../../src/api/submission";

type Sent = Record<string, string | number | undefined> & { requestId: string };
const ok: Envelope<string> = { code: 1, msg: "ok", data: "done" };
const lost: Envelope<string> = { code: 0, msg: "Network error", err: "network_error", data: null };
const refused: Envelope<string> = { code: 0, msg: "Fund password wrong", err: "wrong_fund_password", data: null };

function recorder(...answers: Array<Envelope<string>>) {
  const sent: Sent[] = [];
  const post = async (fields: Sent) => {
    sent.push(fields);
    return answers[sent.length - 1] ?? ok;
  };
  let n = 0;
  return { sent, post, submission: new Submission(() => `request-${++n}`) };
}

describe("a form's submissions", () => {
  it("a retry of the same values after a lost answer reuses the requestId", async () => {
    const { sent, post, submission } = recorder(lost, ok);
    await submission.send({ amount: "10", payPassword: "x" }, post);
    await submission.send({ payPassword: "x", amount: "10" }, post);
    expect(sent.map((f) => f.requestId)).toEqual(["request-1", "request-1"]);
  });

  it("an answer that arrived ends the submission: the next press is a new one", async () => {
    const { sent, post, submission } = recorder(ok, refused, ok);
    await submission.send({ amount: "10" }, post);
    await submission.send({ amount: "10" }, post);
    await submission.send({ amount: "10" }, post);
    expect(sent.map((f) => f.requestId)).toEqual(["request-1", "request-2", "request-3"]);
  });

  it("changed values after a lost answer are a new submission", async () => {
    const { sent, post, submission } = recorder(lost, ok);
    await submission.send({ amount: "10" }, post);
    await submission.send({ amount: "11" }, post);
    expect(sent.map((f) => f.requestId)).toEqual(["request-1", "request-2"]);
  });

  it("a press while one is in flight joins it: one request, one answer", async () => {
    let release: (answer: Envelope<string>) => void = () => {};
    const sent: Sent[] = [];
    const submission = new Submission(() => "only-one");
    const post = (fields: Sent) => {
      sent.push(fields);
      return new Promise<Envelope<string>>((resolve) => (release = resolve));
    };
    const first = submission.send({ amount: "10" }, post);
    const second = submission.send({ amount: "10" }, post);
    expect(submission.busy).toBe(true);
    release(ok);
    expect(await first).toBe(await second);
    expect(sent).toHaveLength(1);
    expect(submission.busy).toBe(false);
  });
});
