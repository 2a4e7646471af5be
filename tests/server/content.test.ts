import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, OPS_TOKEN, registerUser, rid, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("home content", () => {
  it("gives banners, notices, news, company pages and activities in the reader's language, English as fallback", async () => {
    const en = (await api(h, "GET", "/api/index/home", {}, { lang: "en" })).body.data;
    expect(en.banners.length).toBeGreaterThan(0);
    expect(en.notices.length).toBeGreaterThan(0);
    expect(en.news.length).toBeGreaterThan(0);
    expect(en.company[0].id).toBe("company-about");
    await api(
      h,
      "POST",
      "/api/ops/content",
      { item: "news-only-en", kind: "news", lang: "en", title: "English only", body: "<p>x</p>" },
      { "ops-token": OPS_TOKEN },
    );
    await api(
      h,
      "POST",
      "/api/ops/content",
      { item: "news-fr", kind: "news", lang: "fr", title: "Seulement en français", body: "<p>y</p>" },
      { "ops-token": OPS_TOKEN },
    );
    await api(
      h,
      "POST",
      "/api/ops/content",
      { item: "news-fr", kind: "news", lang: "en", title: "Also in English", body: "<p>y</p>" },
      { "ops-token": OPS_TOKEN },
    );
    const fr = (await api(h, "GET", "/api/index/about_list", { kind: "news" }, { lang: "fr" })).body.data.items.map(
      (i: { title: string }) => i.title,
    );
    expect(fr).toContain("Seulement en français");
    expect(fr).toContain("English only");
    expect(fr).not.toContain("Also in English");
  });

  it("gives an article with its rich-text body, and refuses an unknown one", async () => {
    const article = (await api(h, "GET", "/api/index/about_details", { id: "news-gold" })).body.data;
    expect(article.body).toContain("<p>");
    expect((await api(h, "GET", "/api/index/about_details", { id: "nope" })).body).toMatchObject({ err: "content_not_found" });
    expect((await api(h, "GET", "/api/index/about_details", { id: "../etc" })).body.err).toBe("invalid_input");
    await api(
      h,
      "POST",
      "/api/ops/content",
      { item: "activity-weekend", kind: "activity", lang: "en", title: "Weekend bonus", body: "<p>z</p>" },
      { "ops-token": OPS_TOKEN },
    );
    const activity = (await api(h, "GET", "/api/index/activity_details", { id: "activity-weekend" })).body.data;
    expect(activity.title).toBe("Weekend bonus");
  });

  it("seeds no activity repeating the activity centre's own daily sign-in", async () => {
    const centre = (await api(h, "GET", "/api/index/ater", {}, { lang: "en" })).body.data;
    expect(centre.activities.map((a: { title: string }) => a.title)).not.toContain("Daily sign-in");
    expect((await api(h, "GET", "/api/index/activity_details", { id: "activity-signin" })).body.err).toBe("content_not_found");
  });

  it("daily sign-in pays its bonus once a day, also when raced", async () => {
    const { token } = await registerUser(h, `signer${Date.now() % 100000}`);
    expect((await api(h, "GET", "/api/index/ater", {}, { token: token! })).body.data.signedInToday).toBe(false);
    const answers = await Promise.all([1, 2, 3].map(() => api(h, "POST", "/api/user/signin", { requestId: rid() }, { token: token! })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.find((a) => a.body.code !== 1)!.body).toMatchObject({ err: "once_a_day", msg: "Only once a day" });
    expect((await api(h, "GET", "/api/user/index", {}, { token: token! })).body.data.cash).toBe("1.00");
    expect((await api(h, "GET", "/api/index/ater", {}, { token: token! })).body.data.signedInToday).toBe(true);
    h.clock.now += 86400;
    expect((await api(h, "POST", "/api/user/signin", { requestId: rid() }, { token: token! })).body.code).toBe(1);
    expect((await api(h, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS_TOKEN })).body.data.ok).toBe(true);
  });
});
