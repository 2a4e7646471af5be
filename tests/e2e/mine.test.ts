import { describe, expect } from "vitest";

import { residentId } from "../server/resident-ids";
import { it } from "./fixture";
import { appUrl, ops } from "./helpers";

describe("Mine pages in the browser", () => {
  it("real-name verification passed by the operator, messages with the unread badge, invitation link copied", async ({
    openPhone,
    demo,
  }) => {
    const page = await openPhone({ permissions: ["clipboard-read", "clipboard-write"], signedIn: demo });

    // real-name: submitted → under review → the operator passes it → Mine shows verified
    await page.getByRole("link", { name: "Real-name verification" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Demo User");
    await page.getByLabel("ID number", { exact: true }).fill(residentId("19900101", Date.now() % 1000));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.locator("[data-testid=verification-status][data-status=review]").waitFor();
    const pending = (ops("verifications") as { items: Array<{ id: number; account: string }> }).items.find((v) => v.account === "demo")!;
    ops("verification-pass", String(pending.id));
    await page.goto(appUrl("/pages/user/user"));
    await expect.poll(() => page.getByTestId("masked-phone").textContent()).toContain("Verified");

    // a message from the operator: the Mine tab shows the unread badge; opening it marks it read
    ops("message", "demo", "Welcome aboard", "Your account is verified.");
    await page.reload();
    const badge = page.getByTestId("unread-badge");
    await badge.waitFor();
    const unread = Number(await badge.textContent());
    await page.getByRole("link", { name: /Messages/ }).click();
    await page.getByRole("button", { name: /Welcome aboard/ }).click();
    await page.getByText("Your account is verified.").waitFor();
    await page.goto(appUrl("/pages/user/user"));
    if (unread === 1) await expect.poll(() => badge.count()).toBe(0);
    else await expect.poll(async () => Number(await badge.textContent())).toBe(unread - 1);

    // invitation: the link carries the own code; copying shows the success toast
    await page.getByRole("link", { name: "Invite friends" }).click();
    const link = await page.getByTestId("invite-link").textContent();
    // a page served from an address keeps its own host (h5.127.0.0.1 would name nothing)
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/h5\/#\/pages\/login\/register\?code=DEMO88$/);
    await page.getByRole("button", { name: "Copy the invitation link" }).click();
    await expect.poll(() => page.locator(".toast").allTextContents()).toContain("Copy success");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // customer service is open to everyone
    await page.goto(appUrl("/pages/customer/customer"));
    await page.getByTestId("support-channels").waitFor();
  });
});
