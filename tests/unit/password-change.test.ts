import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { UserInfo } from "#contract/accounts";
import { apiPaths, streamPaths } from "#contract/paths";

import { call } from "../../src/api/client";
import { rememberUser, userIsFresh } from "../../src/api/session";
import { PASSWORD_CHANGE_PAGE, watchPasswordChangeRequired } from "../../src/app/password-change";
import { store } from "../../src/ui/store";
import { toastsAtom } from "../../src/ui/toast";

const fetchMock = vi.fn();
const refusal = { code: 0, msg: "Customer service has reset your password", err: "password_change_required", data: null };
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.setItem("token", "tok-reset");
  store.set(toastsAtom, []);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function watch(pathname: string) {
  const goToChangePage = vi.fn();
  watchPasswordChangeRequired({ pathname: () => pathname, goToChangePage });
  return goToChangePage;
}

describe("a request refused until the reset password is changed", () => {
  it("sends the customer to the change page, reads the user again there, and raises no toast", async () => {
    const goToChangePage = watch("/pages/user/wallet");
    // the user saved before the reset says nothing of it: the guard must read it again
    rememberUser({ account: "reset01", mustChangePassword: false } as UserInfo, true);
    expect(userIsFresh()).toBe(true);
    fetchMock.mockResolvedValueOnce(answer(403, refusal));

    const refused = await call(apiPaths.wallet);

    expect(refused).toMatchObject({ code: 0, err: "password_change_required" });
    expect(goToChangePage).toHaveBeenCalledTimes(1);
    expect(userIsFresh()).toBe(false);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it("stays on the change page when a call made there is refused", async () => {
    const goToChangePage = watch(PASSWORD_CHANGE_PAGE);
    fetchMock.mockResolvedValueOnce(answer(403, refusal));
    await call(streamPaths.streamTicket, {}, { quiet: true });
    expect(goToChangePage).not.toHaveBeenCalled();
  });

  it("leaves other refusals to their toast", async () => {
    const goToChangePage = watch("/pages/user/wallet");
    fetchMock.mockResolvedValueOnce(answer(422, { code: 0, msg: "Fund password wrong", err: "wrong_fund_password", data: null }));
    await call(apiPaths.wallet);
    expect(goToChangePage).not.toHaveBeenCalled();
    expect(store.get(toastsAtom)).toHaveLength(1);
  });
});
