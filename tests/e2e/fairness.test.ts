import type { Page } from "playwright-core";
import { describe, expect } from "vitest";

import type { FairHead, FairOrderProof } from "#contract/fair";
import { apiPaths } from "#contract/paths";

import { apiCall, btcProductId, fund, placeBtcOrder } from "./customer";
import { it } from "./fixture";
import { appUrl, reloadUnderServiceWorker } from "./helpers";

const STEPS = ["entryCommitment", "exitCommitment", "entryTick", "exitTick", "entryChain", "exitChain"];

/** The order's proof as the server gives it, once both its minutes' seeds are revealed (a minute and the grace after it). */
async function revealedProof(token: string, id: number): Promise<FairOrderProof> {
  let proof: FairOrderProof | undefined;
  await expect
    .poll(
      async () => {
        proof = (await apiCall("GET", apiPaths.fairOrder.path, { id: String(id) }, token)).data as FairOrderProof;
        const minutes = new Set([proof.entry.time, proof.exit?.time ?? proof.entry.time].map((t) => Math.floor(t / 60)));
        return proof.status !== "holding" && [...minutes].every((m) => proof!.reveals.some((r) => r.minute === m));
      },
      // the order's 30 s, then the rest of the exit minute and the 2 s grace (it settles at the reveal)
      { timeout: 150_000, interval: 2000 },
    )
    .toBe(true);
  return proof!;
}

const stepStatuses = (page: Page) =>
  page.evaluate((names) => names.map((name) => document.querySelector(`[data-testid=step-${name}]`)?.getAttribute("data-status")), STEPS);

/** Serves the order's proof changed by `change` (the real answer fetched, then altered): what a lying server would send. */
async function serveChangedProof(page: Page, change: (proof: FairOrderProof) => void): Promise<void> {
  await page.context().unrouteAll();
  await page.context().route(`**${apiPaths.fairOrder.path}*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: FairOrderProof };
    change(body.data);
    await route.fulfill({ response, json: body });
  });
}

/** What sticks out sideways at 200 % text (the reader's own text size): long hashes must wrap, never widen the page. */
async function sidewaysAt200(page: Page): Promise<string[]> {
  // through the CSSOM: the document's CSP allows no inline <style> but its own (by hash)
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => element.outerHTML.slice(0, 100));
  });
  await page.reload();
  return wide;
}

describe("the fairness page and Verify in the browser", () => {
  it("verifies a settled order step by step, says when a seed is still to come, and shows the failing step for a changed tick or seed and a warning for a changed head", async ({
    openPhone,
    customer,
  }) => {
    await fund(customer, "100");
    const id = await placeBtcOrder(customer);
    const page = await openPhone({ signedIn: customer });
    // while it waits for its result, its details say why in a line that leads to this page
    await page.goto(appUrl(`/pages/user/orderdetail?id=${id}`));
    const waiting = page.getByTestId("order-reveal-wait");
    await waiting.waitFor({ timeout: 20_000 });
    expect(await waiting.getByRole("link", { name: "how prices are checked" }).getAttribute("href")).toContain("pages/public/fairness");
    const proof = await revealedProof(customer.token, id);
    expect(proof.status).toBe("closed");

    // from the order's details, as the customer finds it
    await page.goto(appUrl(`/pages/user/orderdetail?id=${id}`));
    await page.getByTestId("order-verify").click();
    await page.waitForURL(/pages\/user\/orderverify\?id=/);
    const summary = page.getByTestId("verify-summary");
    await expect.poll(() => summary.getAttribute("data-state"), { timeout: 20_000 }).toBe("pass");
    expect(await stepStatuses(page)).toEqual(STEPS.map(() => "pass"));
    // the values it compared: the exit tick recomputed is the recorded one, at the product's precision
    const exitTick = page.getByTestId("step-exitTick");
    const recorded = proof.exit!.ticks[0]!.price;
    const price = `${String(recorded).slice(0, -proof.precision)}.${String(recorded).slice(-proof.precision)}`;
    expect(await exitTick.getByTestId("step-expected").textContent()).toBe(price);
    expect(await exitTick.getByTestId("step-found").textContent()).toBe(price);
    expect(await page.getByTestId("fair-contradiction").count()).toBe(0);
    expect(await sidewaysAt200(page)).toEqual([]);
    // and in history, beside the settled order
    await page.goto(appUrl("/pages/user/order"));
    await page.getByRole("tab", { name: "History" }).click();
    await page.locator(`[data-order-id="${id}"]`).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("history-verify").first().getAttribute("href")).toContain(`orderverify?id=${id}`);
    await page.goto(appUrl(`/pages/user/orderverify?id=${id}`));
    await expect.poll(() => summary.getAttribute("data-state"), { timeout: 20_000 }).toBe("pass");

    // a seed not revealed yet: the step waits and says when, rather than passing or failing
    await serveChangedProof(page, (changed) => {
      changed.reveals = changed.reveals.filter((r) => r.minute !== Math.floor(changed.exit!.ticks[0]!.time / 60));
    });
    await page.reload();
    await expect.poll(() => summary.getAttribute("data-state"), { timeout: 20_000 }).toBe("wait");
    const exitCommitment = page.getByTestId("step-exitCommitment");
    expect(await exitCommitment.getAttribute("data-status")).toBe("pending");
    expect(await exitCommitment.getByTestId("step-problem").textContent()).toMatch(
      /^The seed is published at \d\d:\d\d:\d\d\. Check again then\.$/,
    );

    // a changed exit tick: recomputing it from the seed fails, with both values, and so does its chain
    await serveChangedProof(page, (changed) => {
      changed.exit!.ticks[0]!.price += 1;
    });
    await page.reload();
    await expect.poll(() => summary.getAttribute("data-state"), { timeout: 20_000 }).toBe("fail");
    expect(await exitTick.getAttribute("data-status")).toBe("fail");
    expect(await exitTick.getByTestId("step-problem").textContent()).toBe(
      "The recorded price differs from the one computed from the seed.",
    );
    expect(await exitTick.getByTestId("step-expected").textContent()).toBe(price);
    expect(await exitTick.getByTestId("step-found").textContent()).not.toBe(price);
    expect(await page.getByTestId("step-exitChain").getAttribute("data-status")).toBe("fail");
    expect(await page.getByTestId("step-entryTick").getAttribute("data-status")).toBe("pass");

    // a changed seed: both commitments fail against it
    await serveChangedProof(page, (changed) => {
      for (const reveal of changed.reveals) reveal.seed = `${reveal.seed.slice(0, 62)}${reveal.seed.endsWith("00") ? "01" : "00"}`;
    });
    await page.reload();
    await expect.poll(() => page.getByTestId("step-entryCommitment").getAttribute("data-status"), { timeout: 20_000 }).toBe("fail");
    expect(await page.getByTestId("step-exitCommitment").getAttribute("data-status")).toBe("fail");
    expect(await page.getByTestId("step-entryCommitment").getByTestId("step-problem").textContent()).toBe(
      "The revealed seed does not match the published commitment.",
    );

    // a head this device saw, shown changed: the warning, with the stored and the new value
    const storedHead = proof.exit!.head!.head;
    const forgedHead = storedHead.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    await serveChangedProof(page, (changed) => {
      changed.exit!.head!.head = forgedHead;
      if (changed.entry.head?.minute === changed.exit!.head!.minute) changed.entry.head.head = forgedHead;
    });
    await page.reload();
    const warning = page.getByTestId("fair-contradiction");
    await warning.waitFor({ timeout: 20_000 });
    const evidence = await warning.textContent();
    expect(evidence).toContain("Warning: the record changed after you saw it");
    expect(evidence).toContain(`Seen before: ${storedHead}`);
    expect(evidence).toContain(`Now: ${forgedHead}`);
    expect(await page.getByTestId("step-exitChain").getAttribute("data-status")).toBe("fail");
    await page.context().unrouteAll();

    // the evidence stays on the device: the public page shows it too, to a visitor as well
    await page.getByRole("link", { name: "How it works" }).click();
    await page.waitForURL(/pages\/public\/fairness/);
    await page.getByTestId("fair-contradiction").waitFor({ timeout: 20_000 });
  }, 300_000);

  it("shows a visitor today's commitments with their seeds checked, chain heads and voids; warns when a head it saw changes; opens offline", async ({
    openPhone,
  }) => {
    const page = await openPhone();
    const fairnessPath = `/pages/public/fairness?pid=${await btcProductId()}`;
    await page.goto(appUrl(fairnessPath));
    const minutes = page.getByTestId("fair-minutes");
    await minutes.waitFor({ timeout: 30_000 });
    // revealed seeds are checked on the device: at least the minutes of the last few are past their grace
    await expect.poll(() => minutes.getByText("✓ Seed matches").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await minutes.getByText("✗ Seed does not match").count()).toBe(0);
    expect(await minutes.getByText(/^Committed ahead · seed at /).count()).toBeGreaterThan(0);
    const heads = page.getByTestId("fair-heads");
    await heads.waitFor();
    expect(await page.getByRole("combobox", { name: "Product" }).count()).toBe(1);
    expect(await page.getByTestId("fair-contradiction").count()).toBe(0);
    // a minute opened shows its full values, and nothing sticks out at 200 % text
    await minutes.locator("summary").first().click();
    expect(await sidewaysAt200(page)).toEqual([]);
    await minutes.waitFor({ timeout: 30_000 });

    // one final head of those shown, served again changed: the device compares and warns
    let changedHead: { stored: string; forged: string } | undefined;
    await page.context().route(`**${apiPaths.fairHeads.path}*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: FairHead[] };
      const final = body.data.filter((h) => h.lastTime === h.minute * 60 + 59);
      // from the middle of the hour: a head the first visit was shown final, whenever in its minute it came
      const target = final[Math.floor(final.length / 2)]!;
      changedHead ??= { stored: target.head, forged: target.head.replace(/^./, (c) => (c === "0" ? "1" : "0")) };
      for (const head of body.data) if (head.head === changedHead.stored) head.head = changedHead.forged;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const warning = page.getByTestId("fair-contradiction");
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toContain(`Seen before: ${changedHead!.stored}`);
    expect(await warning.textContent()).toContain(`Now: ${changedHead!.forged}`);
    await page.context().unrouteAll();

    // after a visit the page has its copy offline, under the banner
    await reloadUnderServiceWorker(page);
    await minutes.waitFor({ timeout: 30_000 });
    await page.context().setOffline(true);
    await page.goto("about:blank");
    await page.goto(appUrl(fairnessPath));
    await page.locator(".offline-banner").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("fair-minutes").count()).toBe(1);
    await page.context().setOffline(false);
  });
});
