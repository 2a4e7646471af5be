import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, OPS_TOKEN, startHarness } from "./harness";

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
  });
});
