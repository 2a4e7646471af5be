import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { flushOutbox, keepLine, onOutboxResult, pendingLines } from "../../src/features/support/chat-outbox";
import { reportAnswer } from "../../src/offline/reachability";

/**
 * The chat's outbox: a line is kept in IndexedDB with its requestId before it is sent, stays there while no
 * answer arrives, and is sent again with the same requestId (so the server keeps it once); an answer, kept or
 * refused, takes it out.
 */
let sent: Array<Record<string, string>>;
let reachable: boolean;

beforeEach(() => {
  sent = [];
  reachable = true;
  vi.stubGlobal("fetch", async (request: Request) => {
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    sent.push(fields);
    if (!reachable) throw new TypeError("Failed to fetch");
    if (fields.text === "too long")
      return new Response(JSON.stringify({ code: 0, err: "field_too_long", msg: "Message is too long", data: null }));
    return new Response(
      JSON.stringify({
        code: 1,
        msg: "Done",
        data: { id: sent.length, author: "customer", operatorName: null, text: fields.text, image: null, record: null, time: 1 },
      }),
    );
  });
});
afterEach(async () => {
  reachable = true;
  reportAnswer();
  await flushOutbox(1);
  await flushOutbox(2);
  vi.unstubAllGlobals();
});

describe("the support chat's outbox", () => {
  it("keeps a line while the server cannot be reached and sends it once, with the same requestId, when it can", async () => {
    reachable = false;
    const line = await keepLine(1, "written offline");
    await flushOutbox(1);
    expect(await pendingLines(1)).toEqual([line]);
    reachable = true;
    reportAnswer();
    const results: unknown[] = [];
    const stop = onOutboxResult((result) => results.push(result));
    await flushOutbox(1);
    stop();
    expect(await pendingLines(1)).toEqual([]);
    expect(sent.map((fields) => fields.requestId)).toEqual([line.requestId, line.requestId]);
    expect(results).toEqual([{ requestId: line.requestId, line: expect.objectContaining({ text: "written offline" }) }]);
    // nothing is left to send again
    await flushOutbox(1);
    expect(sent).toHaveLength(2);
  });

  it("sends in the order written, drops a refused line with its reason, and sends only the owner's lines", async () => {
    reachable = false;
    await keepLine(2, "first");
    await keepLine(2, "too long");
    await keepLine(2, "third");
    await keepLine(3, "someone else's");
    await flushOutbox(2);
    reachable = true;
    reportAnswer();
    sent = [];
    const refused: string[] = [];
    const stop = onOutboxResult((result) => "refused" in result && refused.push(result.refused));
    await flushOutbox(2);
    stop();
    expect(sent.map((fields) => fields.text)).toEqual(["first", "too long", "third"]);
    expect(refused).toEqual(["Message is too long"]);
    expect(await pendingLines(2)).toEqual([]);
    expect((await pendingLines(3)).map((line) => line.text)).toEqual(["someone else's"]);
  });

  it("a line kept while a round is sending is sent by one more round, not left behind", async () => {
    const first = keepLine(1, "one").then(() => flushOutbox(1));
    await keepLine(1, "two");
    await flushOutbox(1);
    await first;
    expect(sent.map((fields) => fields.text).sort()).toEqual(["one", "two"]);
    expect(await pendingLines(1)).toEqual([]);
  });
});
