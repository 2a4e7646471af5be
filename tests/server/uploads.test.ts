import { existsSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { removeStaleUploads } from "#server/jobs/uploads";

import { api, type Harness, registerUser, rid, startHarness } from "./harness";
import { uploadFile } from "./images";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let n = 0;
const newUser = async () => (await registerUser(h, `shots${Date.now() % 1_000_000}${n++}`, "login123", "fund1234")).token!;
const rechargeCount = async () =>
  Number(
    ((await h.database.db.execute("select count(*)::int n from recharges" as never)) as unknown as { rows: Array<{ n: number }> }).rows[0]!
      .n,
  );
async function recharge(token: string, screenshot: string) {
  const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
  return api(h, "POST", "/api/user/dorecharge", { channelId: String(channel), amount: "500", screenshot, requestId: rid() }, { token });
}

describe("one recharge screenshot backs one recharge", () => {
  it("a second recharge with the same upload is refused", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(h, token)).body.data;
    const before = await rechargeCount();
    expect((await recharge(token, url)).body.code).toBe(1);
    const again = await recharge(token, url);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 0,
      err: "screenshot_used",
      msg: "This screenshot has already been used for a recharge",
      data: null,
    });
    expect(await rechargeCount()).toBe(before + 1);
  });

  it("concurrent recharges with one upload make one record", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(h, token)).body.data;
    const before = await rechargeCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => recharge(token, url)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.err === "screenshot_used")).toHaveLength(4);
    expect(await rechargeCount()).toBe(before + 1);
  });

  it("the database itself refuses a second recharge row on one upload", async () => {
    const token = await newUser();
    const { url } = (await uploadFile(h, token)).body.data;
    const first = (await recharge(token, url)).body.data;
    const row = (
      (await h.database.db.execute(`select user_id, channel_id, upload_id from recharges where id = ${first.id}` as never)) as unknown as {
        rows: Array<Record<string, number>>;
      }
    ).rows[0]!;
    await expect(
      h.database.db.execute(
        `insert into recharges (user_id, channel_id, amount, screenshot, upload_id, created_at) values (${row.user_id}, ${row.channel_id}, 50000, '${url}', ${row.upload_id}, 0)` as never,
      ),
    ).rejects.toThrow();
  });
});

describe("upload quota and clean-up", () => {
  const uploadRows = async (userToken: string) => {
    const user = (await api(h, "GET", "/api/user/index", {}, { token: userToken })).body.data;
    return (
      (await h.database.db.execute(`select id, name, size from uploads where user_id = ${user.id} order by id` as never)) as unknown as {
        rows: Array<{ id: number; name: string; size: number }>;
      }
    ).rows;
  };

  it("refuses a 21st upload that no recharge uses, and frees a place when one is used", async () => {
    const token = await newUser();
    const urls: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await uploadFile(h, token);
      expect(answer.body.code).toBe(1);
      urls.push(answer.body.data.url);
    }
    const refused = await uploadFile(h, token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 0, err: "upload_quota", data: null });
    expect(refused.body.msg).toBe("Too many images uploaded today, use the ones you have or try tomorrow");
    expect(await uploadRows(token)).toHaveLength(20);
    expect((await recharge(token, urls[0]!)).body.code).toBe(1);
    expect((await uploadFile(h, token)).body.code).toBe(1);
    expect((await uploadFile(h, token)).body.err).toBe("upload_quota");
  });

  it("refuses uploads past 50 MB in 24 hours, and allows them again a day later", async () => {
    const token = await newUser();
    const user = (await api(h, "GET", "/api/user/index", {}, { token })).body.data;
    // 50 MB already stored today, on recharges that use them
    await h.database.db.execute(
      `insert into uploads (user_id, name, mime, size, created_at) values (${user.id}, 'earlier-${user.id}.png', 'image/png', ${50 * 1024 * 1024 - 10}, ${h.clock.now - 3600})` as never,
    );
    await h.database.db.execute(
      `insert into recharges (user_id, channel_id, amount, screenshot, upload_id, created_at) select ${user.id}, 1, 50000, 'x', id, ${h.clock.now} from uploads where name = 'earlier-${user.id}.png'` as never,
    );
    expect((await uploadFile(h, token)).body.err).toBe("upload_quota");
    h.clock.now += 86400;
    expect((await uploadFile(h, token)).body.code).toBe(1);
  });

  it("removes uploads no record uses after 24 hours, row and file; keeps used and recent ones", async () => {
    const token = await newUser();
    const stale = (await uploadFile(h, token)).body.data.url as string;
    const used = (await uploadFile(h, token)).body.data.url as string;
    expect((await recharge(token, used)).body.code).toBe(1);
    h.clock.now += 86400 - 10;
    const recent = (await uploadFile(h, token)).body.data.url as string;
    const fileOf = (url: string) => join(h.uploadsDir, url.replace("/api/files/", ""));
    await removeStaleUploads(h.database.db, h.uploadsDir, h.clock.now);
    expect(await uploadRows(token)).toHaveLength(3);
    expect(existsSync(fileOf(stale))).toBe(true);
    h.clock.now += 10;
    expect(await removeStaleUploads(h.database.db, h.uploadsDir, h.clock.now)).toBeGreaterThanOrEqual(1);
    const names = (await uploadRows(token)).map((row) => `/api/files/${row.name}`);
    expect(names).toEqual([used, recent]);
    expect(existsSync(fileOf(stale))).toBe(false);
    expect(existsSync(fileOf(used))).toBe(true);
    expect(existsSync(fileOf(recent))).toBe(true);
    const gone = await h.app.inject({ method: "GET", url: stale, headers: { token } });
    expect(gone.statusCode).toBe(404);
  });
});
