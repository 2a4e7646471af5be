import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Harness, registerUser, startHarness } from "./harness";
import { makePng, multipart } from "./images";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let n = 0;
const newUser = async () => (await registerUser(h, `shots${Date.now() % 1_000_000}${n++}`, "login123", "fund1234")).token!;
async function uploadFile(token: string, bytes = makePng()) {
  const body = multipart(bytes, "shot.png", "image/png");
  const response = await h.app.inject({ method: "POST", url: "/api/user/uploadfile", headers: { token, "content-type": body.contentType }, payload: body.payload });
  return { status: response.statusCode, body: response.json() };
}
const rechargeCount = async () => Number(((await h.database.db.execute("select count(*)::int n from recharges" as never)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
async function recharge(token: string, screenshot: string) {
  const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
  return api(h, "POST", "/api/user/dorecharge", { channelId: String(channel), amount: "500", screenshot }, { token });
}

describe("one recharge screenshot backs one recharge", () => {
  it("a second recharge with the same upload is refused", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(token)).body.data;
    const before = await rechargeCount();
    expect((await recharge(token, url)).body.code).toBe(1);
    const again = await recharge(token, url);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 0, err: "screenshot_used", msg: "This screenshot has already been used for a recharge", data: null });
    expect(await rechargeCount()).toBe(before + 1);
  });

  it("concurrent recharges with one upload make one record", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(token)).body.data;
    const before = await rechargeCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => recharge(token, url)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.err === "screenshot_used")).toHaveLength(4);
    expect(await rechargeCount()).toBe(before + 1);
  });

  it("the database itself refuses a second recharge row on one upload", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(token)).body.data;
    const first = (await recharge(token, url)).body.data;
    const row = ((await h.database.db.execute(`select user_id, channel_id, upload_id from recharges where id = ${first.id}` as never)) as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
    await expect(
      h.database.db.execute(`insert into recharges (user_id, channel_id, amount, screenshot, upload_id, created_at) values (${row.user_id}, ${row.channel_id}, 50000, '${url}', ${row.upload_id}, 0)` as never),
    ).rejects.toThrow();
  });
});
