import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createOperator } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { api, type Harness, OPS_TOKEN, startHarness } from "./harness";
import { totpSecretOf } from "./ops-sites";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const setOffice = (fields: Record<string, string>) => api(h, "POST", "/api/ops/office", fields, { "ops-token": OPS_TOKEN });
const shownOffice = async () => (await api(h, "GET", "/api/index/info")).body.data.office;

describe("the company's office", () => {
  it("is the demo office until the operator sets one, then the operator's, rounded to six decimals", async () => {
    expect(await shownOffice()).toEqual({
      name: "TradePWA office",
      address: "1 Harbour Road, Wan Chai, Hong Kong",
      coords: { lat: 22.281, lng: 114.173 },
    });
    const answer = await setOffice({ name: "Head office", address: "Unter den Linden 1, Berlin", lat: "52.5170365", lng: "13.3888599" });
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(await shownOffice()).toEqual({
      name: "Head office",
      address: "Unter den Linden 1, Berlin",
      coords: { lat: 52.517037, lng: 13.38886 },
    });
  });

  it("refuses coordinates out of range or not decimal degrees, and changes nothing", async () => {
    const before = await shownOffice();
    for (const [lat, lng] of [
      ["91", "0"],
      ["0", "-180.5"],
      ["22°17'", "114"],
      ["1e2", "3"],
      ["", "3"],
    ])
      expect((await setOffice({ name: "X", address: "Y", lat: lat!, lng: lng! })).body.err, `${lat},${lng}`).toBe("invalid_input");
    expect((await setOffice({ name: "", address: "Y", lat: "1", lng: "2" })).body.err).toBe("field_required");
    expect(await shownOffice()).toEqual(before);
  });

  it("is for operators only", async () => {
    const answer = await api(h, "POST", "/api/ops/office", { name: "X", address: "Y", lat: "1", lng: "2" });
    expect(answer.body.code).not.toBe(1);
    expect((await api(h, "GET", "/api/ops/office")).body.code).not.toBe(1);
  });

  it("is read back by the operator as the customer sees it, and by a content operator, not a support one", async () => {
    const saved = await setOffice({ name: "Harbour office", address: "2 Pier Road", lat: "-33.8688", lng: "151.2093" });
    expect(saved.body.code, saved.body.msg).toBe(1);
    const read = await api(h, "GET", "/api/ops/office", {}, { "ops-token": OPS_TOKEN });
    expect(read.body.code, read.body.msg).toBe(1);
    expect(read.body.data).toEqual({ name: "Harbour office", address: "2 Pier Road", coords: { lat: -33.8688, lng: 151.2093 } });
    expect(read.body.data).toEqual(await shownOffice());
    const asRole = async (role: "content" | "support") => {
      const username = `office-${role}`;
      await createOperator(h.database.db, { username, role, password: "operator-pass-1" }, h.clock.now);
      // every role gives its authenticator code
      const code = totpCode(username, await totpSecretOf(h.database.db, username), h.clock.now);
      const login = await h.app.inject({
        method: "POST",
        url: "/api/ops/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ username, password: "operator-pass-1", code }).toString(),
      });
      const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
      return api(h, "GET", "/api/ops/office", {}, { cookie });
    };
    expect((await asRole("content")).body.data.name).toBe("Harbour office");
    expect((await asRole("support")).body.err).toBe("ops_role_forbidden");
  });

  it("names the field the server refused, in the operator's language", async () => {
    const answer = await api(h, "POST", "/api/ops/office", { name: "X", address: "Y", lat: "95", lng: "2" }, { "ops-token": OPS_TOKEN });
    expect(answer.body.msg).toBe("Latitude is invalid");
    const zh = await api(
      h,
      "POST",
      "/api/ops/office",
      { name: "X", address: "", lat: "1", lng: "2" },
      { "ops-token": OPS_TOKEN, language: "zh" },
    );
    expect(zh.body.err).toBe("field_required");
    expect(zh.body.msg).toContain("地址");
  });
});
