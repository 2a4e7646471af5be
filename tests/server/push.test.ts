import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import type { PushNotice } from "#contract/push";
import { supportDeskEndpoints as desk } from "#contract/support-desk-endpoints";
import { recordEvents } from "#server/db/outbox";
import { translate } from "#server/http/i18n";
import { createPushSender, MAX_ATTEMPTS, type PushSender } from "#server/jobs/push";

import { api, type Harness, placeOrder, productId, registerUser, rid, startHarness } from "./harness";
import { uploadPng } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * Web Push end to end on the server: a push service on 127.0.0.1 stands in for the browser's, and the test reads
 * what it received as a browser would: the VAPID JWT checked against the server's public key, the body decrypted
 * (RFC 8291, aes128gcm) with the private key of the subscription the test made.
 */

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** What the stand-in push service answers, by the endpoint's first path segment. */
const ANSWERS: Record<string, number> = { ok: 201, gone: 410, missing: 404, busy: 500 };

let h: Harness;
let pushService: Server;
let origin: string;
let sender: PushSender;
const received: Received[] = [];
const SUBJECT = "mailto:push-test@example.com";

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = ANSWERS[path.split("/")[1] ?? ""] ?? 400;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  h = await startHarness({ pushEndpointOrigins: [origin] });
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  sender = createPushSender({ db: h.database.db, translate, subject: SUBJECT, log: (line) => h.logs.push(line) });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

/** A browser's side of a subscription: its key pair and auth secret, and the endpoint the push service gave it. */
interface Device {
  endpoint: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

let deviceCounter = 0;
function newDevice(answer: keyof typeof ANSWERS = "ok"): Device {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint: `${origin}/${answer}/device-${++deviceCounter}`, ecdh, auth: randomBytes(16) };
}
const subscriptionJson = (device: Device) =>
  JSON.stringify({
    endpoint: device.endpoint,
    expirationTime: null,
    keys: { p256dh: device.ecdh.getPublicKey().toString("base64url"), auth: device.auth.toString("base64url") },
  });

let accountCounter = 0;
/** A new customer reading `lang`, with this device subscribed. */
async function subscribedCustomer(lang: string, device: Device): Promise<{ token: string; userId: number }> {
  const { token } = await registerUser(h, `push${String(accountCounter++).padStart(3, "0")}x`);
  if (!token) throw new Error("registration failed");
  expect((await api(h, endpoints.setLanguage, { lang }, { token })).body.code).toBe(1);
  const subscribed = await api(h, endpoints.pushSubscribe, { subscription: subscriptionJson(device), requestId: rid() }, { token });
  expect(subscribed.body.code, subscribed.body.msg).toBe(1);
  const userId = (await api(h, endpoints.userInfo, {}, { token })).body.data.id as number;
  return { token, userId };
}

const receivedBy = (device: Device) => received.filter((request) => `${origin}${request.path}` === device.endpoint);

/** RFC 8291: the body as the browser decrypts it, with the subscription's private key and auth secret. */
function decrypt(device: Device, body: Buffer): PushNotice {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const shared = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then any zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8")) as PushNotice;
}

/** The VAPID header (RFC 8292): the JWT names the endpoint's origin and verifies with the server's public key. */
async function expectVapid(request: Received) {
  const publicKey = (await api(h, endpoints.pushKey)).body.data.publicKey as string;
  const header = String(request.headers.authorization);
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split(".");
  expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toMatchObject({ alg: "ES256", typ: "JWT" });
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud: string; sub: string; exp: number };
  expect(payload.aud).toBe(origin);
  expect(payload.sub).toBe(SUBJECT);
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(signed).toBe(true);
  expect(request.headers["content-encoding"]).toBe("aes128gcm");
  expect(Number(request.headers.ttl)).toBeGreaterThan(0);
}

async function count(query: string): Promise<number> {
  const result = (await h.database.db.execute(query as never)) as unknown as { rows: Array<{ n: string | number }> };
  return Number(result.rows[0]!.n);
}

/** Funds a customer through a recharge the operator approves (which is itself a review decision). */
async function approvedRecharge(token: string) {
  const channelId = (await api(h, endpoints.rechargeInfo, {}, { token })).body.data.channels[0]!.id;
  const screenshot = await uploadPng(h, token);
  const recharge = await api(
    h,
    endpoints.recharge,
    { channelId: String(channelId), amount: "500", screenshot, requestId: rid() },
    { token },
  );
  expect(recharge.body.code, recharge.body.msg).toBe(1);
  const reviewed = await api(
    h,
    opsEndpoints.reviewRecharge,
    { id: String(recharge.body.data.id), decision: "approve" },
    await staff(h, "finance"),
  );
  expect(reviewed.body.code, reviewed.body.msg).toBe(1);
}

describe("web push", () => {
  it("a settled order reaches the customer's device once, signed and encrypted, in German", async () => {
    const device = newDevice();
    const customer = await subscribedCustomer("de", device);
    await approvedRecharge(customer.token);
    await sender.run(h.clock.now);
    received.length = 0;

    const btc = productId(h.feed, "BTCUSDT");
    await h.advance(1);
    const placed = await placeOrder(h, customer.token, btc, { amount: "100" });
    expect(placed.body.code, placed.body.msg).toBe(1);
    const orderId = placed.body.data.id as number;
    const open = h.feed.quote(btc)!.price;
    h.provider.queued.set(btc, Array(40).fill(open + 500));
    await h.advance(35);
    await sender.run(h.clock.now);
    // the outbox read again, and the order's result told a second time: still one notification
    await sender.run(h.clock.now);
    await h.database.db.transaction((tx) =>
      recordEvents(tx, [{ userId: customer.userId, kind: "order_settled", data: { orderId, pid: btc, result: "win" } }], h.clock.now),
    );
    await sender.run(h.clock.now);

    const requests = receivedBy(device);
    expect(requests).toHaveLength(1);
    await expectVapid(requests[0]!);
    const notice = decrypt(device, requests[0]!.body);
    expect(notice.title).toBe("Auftrag gewonnen · BTC/USDT");
    expect(notice.body).toBe(`Auftrag ${orderId} ist abgerechnet. Tippen Sie, um das Ergebnis zu sehen.`);
    expect(notice.tag).toBe(`order-result-${orderId}`);
    expect(notice.url).toBe(`#/pages/user/orderdetail?id=${orderId}`);
    expect(await count(`select count(*) n from push_subscriptions where endpoint = '${device.endpoint}' and last_ok_at is not null`)).toBe(
      1,
    );
  });

  it("a review decision and a support reply reach a Chinese reader in Chinese, each leading to its page", async () => {
    const device = newDevice();
    const customer = await subscribedCustomer("zh", device);
    await approvedRecharge(customer.token);
    // a support operator answers in the customer's thread: the reply's event is what the push is made from
    const support = { cookie: (await staff(h, "support", "push-support")).cookie };
    const reply = await api(h, desk.supportReply, { userId: String(customer.userId), text: "您好，款项已核对。" }, support);
    expect(reply.body.code).toBe(1);
    await sender.run(h.clock.now);

    const notices = receivedBy(device).map((request) => decrypt(device, request.body));
    expect(notices).toHaveLength(2);
    // sent side by side: they may arrive in either order
    const review = notices.find((notice) => notice.tag.startsWith("review-"));
    const message = (await api(h, endpoints.messages, {}, { token: customer.token })).body.data.items[0]!;
    expect(review!.title).toBe(message.title);
    expect(review!.body).toBe(message.body);
    expect(review!.title).toMatch(/[\u4e00-\u9fff]/);
    expect(review!.url).toBe("#/pages/user/rechargerecord");
    expect(notices.find((notice) => notice.tag === "support")).toEqual({
      title: "客服已回复",
      body: "您好，款项已核对。",
      tag: "support",
      url: "#/pages/customer/customer",
    });
  });

  it("a subscription the push service answers 410 or 404 for is removed, and nothing more is sent to it", async () => {
    for (const answer of ["gone", "missing"] as const) {
      const device = newDevice(answer);
      const customer = await subscribedCustomer("en", device);
      await approvedRecharge(customer.token);
      await sender.run(h.clock.now);
      expect(receivedBy(device)).toHaveLength(1);
      expect(await count(`select count(*) n from push_subscriptions where endpoint = '${device.endpoint}'`)).toBe(0);
      await approvedRecharge(customer.token);
      await sender.run(h.clock.now);
      expect(receivedBy(device)).toHaveLength(1);
    }
  });

  it("a failing push service is retried with backoff a bounded number of times, and holds up no other device", async () => {
    const busy = newDevice("busy");
    const fine = newDevice();
    const customer = await subscribedCustomer("en", busy);
    const other = await subscribedCustomer("en", fine);
    await approvedRecharge(customer.token);
    await approvedRecharge(other.token);
    const start = h.clock.now;
    await sender.run(start);
    expect(receivedBy(busy)).toHaveLength(1);
    expect(receivedBy(fine)).toHaveLength(1);
    // not again before its wait is over
    await sender.run(start + 1);
    expect(receivedBy(busy)).toHaveLength(1);
    let at = start;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      at += 3600;
      await sender.run(at);
    }
    expect(receivedBy(busy)).toHaveLength(MAX_ATTEMPTS);
    expect(
      await count(`select count(*) n from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
      where s.endpoint = '${busy.endpoint}' and d.state = 'failed' and d.attempts = ${MAX_ATTEMPTS}`),
    ).toBe(1);
    // the subscription stays: a service that failed may take the next one
    expect(await count(`select count(*) n from push_subscriptions where endpoint = '${busy.endpoint}'`)).toBe(1);
  });

  it("stores only push services' endpoints, one customer's per device, and removes only the customer's own", async () => {
    const { token } = await registerUser(h, "pushowner1");
    const elsewhere = { ...newDevice(), endpoint: "http://10.0.0.5/push/1" };
    expect((await api(h, endpoints.pushSubscribe, { subscription: subscriptionJson(elsewhere) }, { token: token! })).body.code).not.toBe(1);
    const malformed = await api(h, endpoints.pushSubscribe, { subscription: "{not json" }, { token: token! });
    expect(malformed.body.code).not.toBe(1);

    // a shared browser: the second customer to subscribe it takes it over, with nothing of the first's waiting
    const shared = newDevice();
    const first = await subscribedCustomer("en", shared);
    const second = await subscribedCustomer("en", shared);
    expect(
      await count(`select count(*) n from push_subscriptions where endpoint = '${shared.endpoint}' and user_id = ${second.userId}`),
    ).toBe(1);
    expect((await api(h, endpoints.pushUnsubscribe, { endpoint: shared.endpoint }, { token: first.token })).body.data).toEqual({
      removed: false,
    });
    expect((await api(h, endpoints.pushUnsubscribe, { endpoint: shared.endpoint }, { token: second.token })).body.data).toEqual({
      removed: true,
    });
    expect(await count(`select count(*) n from push_subscriptions where endpoint = '${shared.endpoint}'`)).toBe(0);
  });

  it("the VAPID key pair is made once and kept in the database", async () => {
    const first = (await api(h, endpoints.pushKey)).body.data.publicKey as string;
    expect(Buffer.from(first, "base64url")).toHaveLength(65);
    expect((await api(h, endpoints.pushKey)).body.data.publicKey).toBe(first);
    expect(await count(`select count(*) n from settings where key = 'vapid_keys'`)).toBe(1);
  });
});
