import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";

import { OPS_ROLES, type OpsRole, roleAllows } from "#contract/operators";
import type { OperatorSelf } from "#contract/ops-answers";
import { opsPaths } from "#contract/ops-paths";

import { OperatorContext } from "../../console/operator-context";
import { RoleGate } from "../../console/RoleGate";
import { sections, sectionsFor } from "../../console/sections";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// One role check for the server's auth hook, the console's navigation and its pages: roleAllows(role, endpoint).
describe("roleAllows", () => {
  it("lets admin call every operator endpoint, those declaring no other role too", () => {
    for (const endpoint of Object.values(opsPaths)) expect(roleAllows("admin", endpoint)).toBe(true);
    expect(roleAllows("admin", {})).toBe(true);
  });

  it("lets another role call only the endpoints that name it", () => {
    expect(roleAllows("finance", opsPaths.listRecharges)).toBe(true);
    expect(roleAllows("support", opsPaths.listRecharges)).toBe(false);
    expect(roleAllows("content", opsPaths.reviewWithdrawal)).toBe(false);
    expect(roleAllows("support", opsPaths.listVerifications)).toBe(true);
    expect(roleAllows("finance", opsPaths.listVerifications)).toBe(false);
    // finding a customer is support's and finance's
    expect(roleAllows("support", opsPaths.searchUsers)).toBe(true);
    expect(roleAllows("finance", opsPaths.searchUsers)).toBe(true);
    expect(roleAllows("content", opsPaths.searchUsers)).toBe(false);
    expect(roleAllows("content", opsPaths.publishContent)).toBe(true);
  });

  it("keeps an endpoint without roles, or with an empty list, to admin", () => {
    for (const role of ["finance", "support", "content"] as const) {
      expect(roleAllows(role, {})).toBe(false);
      expect(roleAllows(role, opsPaths.setProductTrading)).toBe(false);
      expect(roleAllows(role, opsPaths.auditLog)).toBe(false);
      expect(roleAllows(role, opsPaths.operatorMe)).toBe(true);
    }
  });
});

describe("the console's navigation", () => {
  const offered = (role: OpsRole) => sectionsFor(role).map((section) => section.to);

  it("offers admin every page", () => {
    expect(offered("admin")).toEqual(sections.map((section) => section.to));
  });

  it("offers each role the pages of its endpoints and no other", () => {
    expect(offered("finance")).toEqual([
      "/",
      "/recharges",
      "/withdrawals",
      "/adjustments",
      "/users",
      "/products",
      "/plans",
      "/channels",
      "/money-rules",
      "/ledger",
      "/reconcile",
    ]);
    expect(offered("support")).toEqual(["/", "/verifications", "/users", "/support", "/sms"]);
    expect(offered("content")).toEqual(["/", "/content", "/office"]);
  });

  it("opens each page on a GET its role may call (the page's first read)", () => {
    for (const section of sections) expect(section.endpoint.method, section.to).toBe("GET");
    for (const role of OPS_ROLES) expect(offered(role)).toContain("/");
  });
});

describe("a page the role may not use", () => {
  let host: HTMLElement | null = null;
  afterEach(() => host?.remove());

  const render = async (role: OpsRole) => {
    host = document.createElement("div");
    document.body.append(host);
    const operator: OperatorSelf = { id: 7, username: `${role}-1`, role, pending: null };
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <I18nProvider i18n={i18n}>
          <OperatorContext.Provider value={operator}>
            <RoleGate endpoint={opsPaths.listRecharges}>
              <p data-testid="queue">recharge queue</p>
            </RoleGate>
          </OperatorContext.Provider>
        </I18nProvider>,
      ),
    );
    return host;
  };

  it("says so instead of opening", async () => {
    const page = await render("support");
    expect(page.querySelector("[data-testid=queue]")).toBeNull();
    expect(page.querySelector("[role=alert]")?.textContent).toContain("Your role cannot use this page");
  });

  it("opens for a role that may call its endpoint", async () => {
    for (const role of ["finance", "admin"] as const) {
      const page = await render(role);
      expect(page.querySelector("[data-testid=queue]")?.textContent).toBe("recharge queue");
      expect(page.querySelector("[role=alert]")).toBeNull();
      host?.remove();
    }
  });
});
