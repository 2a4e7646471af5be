import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { allEndpoints } from "#contract/all-endpoints";

import { type Harness, startHarness } from "./harness";
import { everyEndpoint, routesOutsideContract, servedRoutes } from "./security/every-endpoint";

/**
 * The security tests walk the contract's tables; this proves those tables are the whole API, so a route added
 * beside the contract cannot escape the fuzzing, the cross-user and the rate-limit checks.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("contract inventory", () => {
  it("every /api route the server answers is a contract endpoint or a listed exception", () => {
    const served = servedRoutes(h.app.printRoutes({ commonPrefix: false })).filter((route) => route.split(" ")[1]!.startsWith("/api/"));
    expect(served.length).toBeGreaterThan(50);
    const known = new Set([...everyEndpoint.map((spec) => `${spec.method} ${spec.path}`), ...routesOutsideContract]);
    expect(served.filter((route) => !known.has(route))).toEqual([]);
    // and the other way round: nothing in the contract is left unserved
    expect([...known].filter((route) => !served.includes(route))).toEqual([]);
  });

  it("the one endpoint table (OpenAPI, CLI) holds every endpoint the contract's groups define", () => {
    expect(Object.keys(allEndpoints).sort()).toEqual(everyEndpoint.map((spec) => spec.key).sort());
  });

  it("covers the user endpoints and every operator group", () => {
    const paths = everyEndpoint.map((spec) => spec.path);
    for (const path of [
      "/api/login/index",
      "/api/user/addorder",
      "/api/user/del_card",
      "/api/ops/sms",
      "/api/ops/product/limits",
      "/api/ops/recharge/review",
      "/api/ops/verification/review",
      "/api/ops/content",
      "/api/ops/plan",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
