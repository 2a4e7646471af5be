import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_ACCOUNT, DEMO_PASSWORD } from "#server/db/seed";

import { makePng, multipart } from "./images";
import { addOperator, type OpsSite, postgresSite, send, signedIn } from "./ops-sites";
import { openStream } from "./stream-client";

/**
 * The console's stream on PostgreSQL with two processes (two apps, a pool each): a recharge a customer
 * submits through process A reaches an operator's stream held on process B, woken by the NOTIFY of A's commit;
 * a ticket issued by A is redeemed by B, once; an operator who signs out through A loses the stream B holds.
 */
describe("the console's stream across two processes on PostgreSQL", () => {
  let site: OpsSite;
  let baseB: string;
  let finance: string;
  let support: string;

  beforeAll(async () => {
    // no heartbeat within a test: a stream that ends here was ended by an event from the other process
    site = await postgresSite({ streamHeartbeatMs: 3_600_000 });
    finance = await signedIn(site, await addOperator(site, "finance-pg", "finance"));
    support = await signedIn(site, await addOperator(site, "support-pg", "support"));
    await site.apps[1]!.listen({ port: 0, host: "127.0.0.1" });
    baseB = `http://127.0.0.1:${(site.apps[1]!.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => site?.close());

  const ticketOnA = async (cookie: string) => {
    const reply = await send(site.apps[0]!, "POST", "/api/ops/stream_ticket", {}, { headers: { cookie } });
    expect(reply.body.code, reply.body.msg).toBe(1);
    return reply.body.data.ticket as string;
  };

  it("a ticket from process A opens a stream on process B once, and a recharge submitted through A reaches it", async () => {
    const ticket = await ticketOnA(finance);
    const onB = await openStream(baseB, `ticket=${ticket}`, { cookie: finance }, "/api/ops/stream");
    expect(onB.status).toBe(200);
    const again = await openStream(baseB, `ticket=${ticket}`, { cookie: finance }, "/api/ops/stream");
    expect(again.status).toBe(403);
    again.close();
    const supportOnB = await openStream(baseB, `ticket=${await ticketOnA(support)}`, { cookie: support }, "/api/ops/stream");

    // the customer submits a recharge through process A, as the app does
    const a = site.apps[0]!;
    const token = (await send(a, "POST", "/api/login/index", { account: DEMO_ACCOUNT, password: DEMO_PASSWORD })).body.data.token as string;
    const body = multipart(makePng(), "shot.png", "image/png");
    const upload = await a.inject({
      method: "POST",
      url: "/api/user/uploadfile",
      headers: { token, "content-type": body.contentType },
      payload: body.payload,
    });
    const channels = await send(a, "GET", "/api/user/recharge", {}, { headers: { token } });
    const recharge = await send(
      a,
      "POST",
      "/api/user/dorecharge",
      {
        channelId: String(channels.body.data.channels[0].id),
        amount: "500",
        screenshot: upload.json().data.url,
        requestId: "pg-ops-stream-1",
      },
      { headers: { token } },
    );
    expect(recharge.body.code, recharge.body.msg).toBe(1);

    const [event] = await onB.waitFor(1);
    expect(event).toMatchObject({ kind: "queue_changed", data: { queue: "recharge", change: "submitted" } });
    // the support operator's stream on B carried nothing of it
    await site.apps[1]!.eventHub.caughtUp();
    expect(supportOnB.events).toEqual([]);
    onB.close();
    supportOnB.close();
  });

  it("a stream held on process B ends when its operator signs out through process A", async () => {
    const leaver = await signedIn(site, await addOperator(site, "leaver-pg", "finance"));
    const onB = await openStream(baseB, `ticket=${await ticketOnA(leaver)}`, { cookie: leaver }, "/api/ops/stream");
    expect(onB.status).toBe(200);
    const signedOut = await send(site.apps[0]!, "POST", "/api/ops/logout", {}, { headers: { cookie: leaver } });
    expect(signedOut.body.code, signedOut.body.msg).toBe(1);
    await onB.ended();
  });
});
