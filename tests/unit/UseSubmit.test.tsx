import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { call } from "@/api/client";
import { onSubmitted, type WithRequestId } from "@/api/submission";
import { store } from "@/ui/store";
import { toastsAtom } from "@/ui/toast";
import { useSubmit } from "@/ui/use-submit";
import { apiPaths } from "#contract/paths";

const router = vi.hoisted(() => ({ invalidations: 0, navigations: [] as unknown[] }));
vi.mock("@tanstack/react-router", () => ({
  useRouter: () => ({
    invalidate: async () => void router.invalidations++,
    navigate: async (options: unknown) => void router.navigations.push(options),
  }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const fetchMock = vi.fn();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const accepted = () => answer(200, { code: 1, msg: "Exchanged", data: { cash: "90.00", coin: "20.00" } });
const refused = () => answer(422, { code: 0, msg: "Wrong fund password", err: "wrong_fund_password", data: null });

type Form = { from: "cash" | "coin"; amount: string; payPassword: string };
const form: Form = { from: "cash", amount: "10", payPassword: "secret1" };
// what the page posts, through the real API client; the requestId each attempt carried is kept
const sentIds: string[] = [];
const exchange = (fields: WithRequestId<Form>) => {
  sentIds.push(fields.requestId);
  return call(apiPaths.exchange, fields);
};

let hook: ReturnType<typeof useSubmit>;
function Form() {
  hook = useSubmit();
  return null;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  store.set(toastsAtom, []);
  sentIds.length = 0;
  router.invalidations = 0;
  router.navigations = [];
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Form />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const toasts = (tone: "success" | "error") =>
  store
    .get(toastsAtom)
    .filter((toast) => toast.tone === tone)
    .map((toast) => toast.text);

describe("a form's one submit path", () => {
  it("keeps one submission in flight: a second press while busy sends nothing and runs nothing twice", async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    const onSuccess = vi.fn();
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    await act(async () => {
      first = hook.submit(form, exchange, { onSuccess, reload: true });
      second = hook.submit(form, exchange, { onSuccess, reload: true });
      // the request leaves only once ky's chunk has loaded
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    });
    expect(hook.busy).toBe(true);
    expect(await second).toBeUndefined();
    await act(async () => {
      release(accepted());
      await first;
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentIds).toHaveLength(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith({ cash: "90.00", coin: "20.00" });
    expect(toasts("success")).toEqual(["Exchanged"]);
    expect(router.invalidations).toBe(1);
    expect(hook.busy).toBe(false);
  });

  it("sends a retry after a network error with the same requestId, and the next submission after a success with a new one", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(accepted()).mockResolvedValueOnce(accepted());
    const onRefusal = vi.fn();
    await act(async () => void (await hook.submit(form, exchange, { onRefusal })));
    // the answer never arrived: the page said so and nothing followed
    expect(onRefusal).toHaveBeenCalledWith(expect.objectContaining({ err: "network_error" }));
    expect(toasts("success")).toEqual([]);
    await act(async () => void (await hook.submit({ ...form }, exchange, { navigate: { to: "/pages/user/wallet" } })));
    expect(sentIds[1]).toBe(sentIds[0]);
    expect(router.navigations).toEqual([{ to: "/pages/user/wallet" }]);
    await act(async () => void (await hook.submit(form, exchange)));
    expect(sentIds).toHaveLength(3);
    expect(sentIds[2]).not.toBe(sentIds[1]);
  });

  it("shows the server's refusal as a toast and to the page, and runs no success effect", async () => {
    fetchMock.mockResolvedValueOnce(refused());
    const onSuccess = vi.fn();
    const onRefusal = vi.fn();
    const result = await act(() =>
      hook.submit(form, exchange, { onSuccess, onRefusal, reload: true, navigate: { to: "/pages/user/finance" } }),
    );
    expect(result).toMatchObject({ code: 0, err: "wrong_fund_password" });
    expect(toasts("error")).toEqual(["Wrong fund password"]);
    expect(onRefusal).toHaveBeenCalledWith(expect.objectContaining({ msg: "Wrong fund password" }));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(toasts("success")).toEqual([]);
    expect(router.invalidations).toBe(0);
    expect(router.navigations).toEqual([]);
    // a refusal ends the submission: the corrected form is a new one
    fetchMock.mockResolvedValueOnce(accepted());
    await act(async () => void (await hook.submit(form, exchange)));
    expect(sentIds[1]).not.toBe(sentIds[0]);
  });

  it("tells the balance pages after an accepted once-only action, not after an action the server does not key", async () => {
    const heard = vi.fn();
    const stop = onSubmitted(heard);
    fetchMock.mockResolvedValueOnce(accepted()).mockResolvedValueOnce(answer(200, { code: 1, msg: "Code sent", data: {} }));
    await act(async () => void (await hook.submit(form, exchange)));
    expect(heard).toHaveBeenCalledTimes(1);
    const sms = vi.fn(() => call(apiPaths.sendSms, { phone: "13800000000" }));
    await act(async () => void (await hook.send(sms, { toast: false })));
    expect(sms).toHaveBeenCalledWith();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(toasts("success")).toEqual(["Exchanged"]);
    stop();
  });
});
