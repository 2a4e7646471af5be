import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { MINE_PATH, MINE_PREVIEW_USER, SHELL_PREVIEW_ATTRIBUTE } from "#contract/static-preview";

import { renderStaticShell, tabBarDecisionScript } from "../../src/app/StaticShell";
import { fillMinePreview } from "../../src/early-start-preview";

const account = (data: Record<string, unknown>, code = 1) => ({
  code,
  data: { account: "alice", phone: "138***000", inviteCode: "QX7P2M", vipLevel: 3, verified: false, mustChangePassword: false, ...data },
});
const text = (testId: string) => document.querySelector(`.static-mine [data-testid="${testId}"]`)?.textContent;

describe("Mine's preview in the pre-rendered shell, filled in by the early-start script", () => {
  beforeEach(async () => {
    document.body.innerHTML = `<div id="root">${await renderStaticShell()}</div>`;
  });

  it("is drawn with the stand-in account, which the account read replaces: name, level, masked phone, real-name state, code", () => {
    expect(text("account-name")).toBe(`${MINE_PREVIEW_USER.account}VIP ${MINE_PREVIEW_USER.vipLevel}`);
    expect(fillMinePreview(document, account({}))).toBe(true);
    expect(text("account-name")).toBe("aliceVIP 3");
    expect(document.querySelector(".static-mine .avatar")?.textContent).toBe("A");
    expect(text("masked-phone")).toBe("138***000 · Not verified");
    expect(text("invite-code")).toBe("QX7P2M");

    expect(fillMinePreview(document, account({ account: "bob", vipLevel: 0, verified: true }))).toBe(true);
    expect(text("account-name")).toBe("bobMember");
    expect(text("masked-phone")).toBe("138***000 · Verified");
  });

  it("is left alone when the read failed, the password must be changed first, a field is not what it should be, or the app has taken over", () => {
    const before = document.body.innerHTML;
    expect(fillMinePreview(document, account({}, 0))).toBe(false);
    expect(fillMinePreview(document, account({ mustChangePassword: true }))).toBe(false);
    expect(fillMinePreview(document, account({ account: 7 }))).toBe(false);
    expect(fillMinePreview(document, { code: 1 })).toBe(false);
    expect(document.body.innerHTML).toBe(before);
    document.body.innerHTML = '<div id="root"><main class="page"></main></div>';
    expect(fillMinePreview(document, account({}))).toBe(false);
  });

  it("is in the shell's language, its words for the level and the real-name state too", async () => {
    const { messages: shell } = await import("../../locales/de/shell");
    const { messages: pages } = await import("../../locales/de/pages");
    document.body.innerHTML = `<div id="root">${await renderStaticShell("de", { ...pages, ...shell })}</div>`;
    expect(fillMinePreview(document, account({ vipLevel: 0 }))).toBe(true);
    expect(text("masked-phone")).toBe("138***000 · Nicht verifiziert");
    expect(text("account-name")).toBe("aliceMitglied");
  });
});

describe("the head script marks Mine for the preview", () => {
  const root = document.documentElement;
  const runHeadScript = () => new Function(tabBarDecisionScript())();
  afterEach(() => {
    localStorage.clear();
    root.removeAttribute("data-shell-tab");
    root.removeAttribute(SHELL_PREVIEW_ATTRIBUTE);
    root.removeAttribute("data-shell-lang");
    location.hash = "";
  });

  it("on Mine with a stored session, when the document's shell is in the language the app starts in", () => {
    location.hash = `#${MINE_PATH}`;
    root.setAttribute("data-shell-lang", "en");
    runHeadScript();
    expect(root.hasAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe(false);

    localStorage.setItem("token", "t1");
    runHeadScript();
    expect(root.getAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe("mine");
    location.hash = "#/pages/trade/trade?pid=3";
    runHeadScript();
    expect(root.getAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe("trade");
  });

  it("not on another page, nor when the reader's language is not the shell's", () => {
    localStorage.setItem("token", "t1");
    root.setAttribute("data-shell-lang", "en");
    location.hash = "#/pages/user/order";
    runHeadScript();
    expect(root.hasAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe(false);

    location.hash = `#${MINE_PATH}`;
    localStorage.setItem("language", "de");
    runHeadScript();
    expect(root.hasAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe(false);
    root.setAttribute("data-shell-lang", "de");
    runHeadScript();
    expect(root.getAttribute(SHELL_PREVIEW_ATTRIBUTE)).toBe("mine");
  });

  it("names the address's tab on a tab page (Home's two paths as one), and none elsewhere", () => {
    for (const [hash, tab] of [
      ["#/pages/index/index", "/"],
      ["", "/"],
      ["#/pages/user/order", "/pages/user/order"],
      [`#${MINE_PATH}`, MINE_PATH],
      ["#/pages/login/login", null],
    ] as const) {
      root.removeAttribute("data-shell-tab");
      location.hash = hash;
      runHeadScript();
      expect(root.getAttribute("data-shell-tab"), hash).toBe(tab);
    }
  });
});
