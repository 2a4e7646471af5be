import type { AddressInfo } from "node:net";
import { connect } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Harness, loginDemo, startHarness } from "./harness";
import { makePng, multipart } from "./images";

let h: Harness;
let port: number;
let token: string;
/** what the app logged: a refusal of a bad request is the client's fault, never an unhandled error */
const logs: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  h.ctx.log = (message) => logs.push(message);
  await h.app.listen({ host: "127.0.0.1", port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
  token = await loginDemo(h);
});
afterAll(() => h.close());

/** Sends bytes over a real socket and reads the whole answer until the server closes or answers in full. */
function raw(request: Buffer | string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const headers = text.slice(0, split);
      let body = text.slice(split + 4);
      if (/transfer-encoding: chunked/i.test(headers)) {
        let decoded = "";
        let rest = body;
        for (;;) {
          const line = rest.indexOf("\r\n");
          const size = parseInt(rest.slice(0, line), 16);
          if (!size) break;
          decoded += rest.slice(line + 2, line + 2 + size);
          rest = rest.slice(line + 2 + size + 2);
        }
        body = decoded;
      }
      resolve({ status: Number(headers.split(" ")[1]), headers, body });
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      const length = /content-length: (\d+)/i.exec(text);
      const split = text.indexOf("\r\n\r\n");
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) socket.end();
      if (split >= 0 && /transfer-encoding: chunked/i.test(text.slice(0, split)) && text.endsWith("0\r\n\r\n")) socket.end();
    });
    socket.on("close", finish);
    socket.on("error", reject);
    socket.write(request);
  });
}

function expectEnvelope(answer: { status: number; body: string }, err: string | RegExp) {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  const body = JSON.parse(answer.body);
  expect(body).toMatchObject({ code: 0, data: null });
  expect(body.err).toMatch(err);
  expect(typeof body.msg).toBe("string");
  expect(body.msg.length).toBeGreaterThan(0);
}

/**
 * Sends a request in pieces, as a client on a real network does, waiting for each write, and keeps the
 * connection half open (its own side) until it has sent everything: it records every write that failed
 * because the server had closed or reset the connection meanwhile.
 */
function sendInPieces(pieces: string[]): Promise<{ status: number; body: string; failures: string[] }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const chunks: Buffer[] = [];
    const failures: string[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => failures.push(error.message));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      resolve({ status: Number(text.split(" ")[1]), body: text.slice(split + 4), failures });
    });
    void (async () => {
      for (const piece of pieces) {
        const failed = await new Promise<Error | null | undefined>((written) => socket.write(piece, written));
        if (failed) failures.push(failed.message);
        if (socket.destroyed) break;
        await new Promise((pause) => setTimeout(pause, 1));
      }
      socket.end();
    })();
  });
}

const post = (path: string, contentType: string, body: Buffer | string, extra = "") =>
  Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nToken: ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n`,
    ),
    Buffer.from(body),
  ]);

describe("every refusal before a handler runs answers in the API envelope", () => {
  it("oversized headers: 431 with the envelope", async () => {
    const answer = await raw(
      `GET /api/user/index HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expectEnvelope(answer, "request_too_large");
  });

  it("10 000 headers sent as a client sends them: the 431 envelope, and the rest is read rather than reset", async () => {
    const pieces = ["GET /api/user/index HTTP/1.1\r\nHost: 127.0.0.1\r\n"];
    for (let piece = 0; piece < 100; piece++) {
      let headers = "";
      for (let i = 0; i < 100; i++) headers += `X-Header-${piece}-${i}: ${"v".repeat(40)}\r\n`;
      pieces.push(headers);
    }
    pieces.push("Connection: close\r\n\r\n");
    const answer = await sendInPieces(pieces);
    expect(answer.failures).toEqual([]);
    expect(answer.status).toBe(431);
    expectEnvelope(answer, "request_too_large");
  }, 20_000);

  it("a broken chunked body: the 400 envelope, and nothing logged as an unhandled error", async () => {
    logs.length = 0;
    const head = (method: string, path: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    // a chunk size that is not hexadecimal, and a chunk longer than its announced size (whose first bytes a
    // route may already have read: it answers what it got, in the envelope)
    const bodies = [
      ["zz\r\naccount=demo\r\n0\r\n\r\n", /^malformed_request$/],
      ["3\r\naccount=demo\r\n0\r\n\r\n", /^(malformed_request|field_required)$/],
    ] as const;
    for (const [body, err] of bodies) {
      expectEnvelope(await raw(head("POST", "/api/login/index") + body), err);
      expectEnvelope(await raw(head("GET", "/api/index/ajaxpro") + body), err);
    }
    // the app goes on answering
    expect((await raw(`GET /api/docs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    expect(logs.filter((line) => /unhandled|TypeError/.test(line))).toEqual([]);
  });

  it("a multipart body cut short: 400, not 500", async () => {
    const { contentType, payload } = multipart(makePng(), "shot.png", "image/png");
    const cut = payload.subarray(0, payload.length - 30);
    const answer = await raw(post("/api/user/uploadfile", contentType, cut));
    expectEnvelope(answer, "malformed_request");
    const fileCut = payload.subarray(0, 150);
    expectEnvelope(await raw(post("/api/user/uploadfile", contentType, fileCut)), "malformed_request");
  });

  it("an upload announcing more than 5 MB is refused 413 from its headers, before its body is read", async () => {
    const { contentType, payload } = multipart(makePng(), "shot.png", "image/png");
    const announced = 5 * 1024 * 1024 + 64 * 1024 + 1;
    // keep-alive and only the first bytes of the body: an answer can only come from the headers
    const head = `POST /api/user/uploadfile HTTP/1.1\r\nHost: 127.0.0.1\r\nToken: ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${announced}\r\n\r\n`;
    const answer = await raw(Buffer.concat([Buffer.from(head), payload.subarray(0, 100)]));
    expect(answer.status).toBe(413);
    expectEnvelope(answer, "request_too_large");
  }, 15_000);

  it("an upload within the announced limit whose file is too large is still refused while it is read", async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const { contentType, payload } = multipart(big, "shot.png", "image/png");
    const answer = await raw(post("/api/user/uploadfile", contentType, payload));
    expect(answer.status).toBe(413);
    expectEnvelope(answer, /^(upload_too_large|request_too_large)$/);
  });

  it("multipart without a boundary: 400, not 500", async () => {
    const { payload } = multipart(makePng(), "shot.png", "image/png");
    expectEnvelope(await raw(post("/api/user/uploadfile", "multipart/form-data", payload)), "malformed_request");
    // an empty boundary finds no part at all
    expectEnvelope(
      await raw(post("/api/user/uploadfile", "multipart/form-data; boundary=", payload)),
      /^(malformed_request|field_required)$/,
    );
  });

  it("bad JSON, an unknown content type, a body over the limit, an unknown route and an unknown method", async () => {
    expectEnvelope(await raw(post("/api/user/index", "application/json", "{not json")), "malformed_request");
    const unknownType = await raw(post("/api/login/index", "text/x-nonsense", "account=demo"));
    expect(unknownType.status).toBe(415);
    expectEnvelope(unknownType, "malformed_request");
    const huge = await raw(post("/api/login/index", "application/x-www-form-urlencoded", `account=${"a".repeat(70 * 1024)}`));
    expect(huge.status).toBe(413);
    expectEnvelope(huge, "request_too_large");
    const missing = await raw(`GET /api/no/such/route HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(missing.status).toBe(404);
    expectEnvelope(missing, "not_found");
    const method = await raw(`FROB /api/user/index HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expectEnvelope(method, "malformed_request");
    const deleted = await raw(`DELETE /api/user/index HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expectEnvelope(deleted, "not_found");
  });
});
