import { describe, expect, it } from "vitest";

import type { UserInfo } from "#contract/accounts";

import { endSession, startSession } from "../../src/api/session";
import { recall, remember } from "../../src/offline/cache";

describe("offline copies", () => {
  it("are kept with the time they were fetched", async () => {
    await remember("wallet", { cash: "12.00" });
    const copy = await recall<{ cash: string }>("wallet");
    expect(copy?.data).toEqual({ cash: "12.00" });
    expect(Math.abs(copy!.at - Date.now() / 1000)).toBeLessThan(5);
  });

  it("are one user's: logging out or logging in as someone else drops them all", async () => {
    await remember("wallet", { cash: "12.00" });
    await remember("messages", { items: [1] });
    endSession();
    await expect.poll(() => recall("wallet")).toBeUndefined();
    expect(await recall("messages")).toBeUndefined();

    await remember("wallet", { cash: "99.00" });
    startSession("next-user-token", { id: 2 } as UserInfo);
    await expect.poll(() => recall("wallet")).toBeUndefined();
    // the new session's own copies are kept
    await remember("wallet", { cash: "1.00" });
    expect((await recall<{ cash: string }>("wallet"))?.data).toEqual({ cash: "1.00" });
  });
});
