import { afterEach, expect, it, vi } from "vitest";

import { isOnline, reportAnswer, reportNetworkFailure, subscribeOnline } from "../../src/offline/reachability";

afterEach(() => reportAnswer());

it("a request that gets no answer counts as offline even while the browser says online, until an answer arrives", () => {
  expect(navigator.onLine).toBe(true);
  const changes = vi.fn();
  const stop = subscribeOnline(changes);
  expect(isOnline()).toBe(true);
  reportNetworkFailure();
  expect(isOnline()).toBe(false);
  expect(changes).toHaveBeenCalledTimes(1);
  reportNetworkFailure();
  expect(changes).toHaveBeenCalledTimes(1);
  reportAnswer();
  expect(isOnline()).toBe(true);
  expect(changes).toHaveBeenCalledTimes(2);
  stop();
});

it("a new connection reported by the browser clears an unreachable server for the next try", () => {
  const changes = vi.fn();
  const stop = subscribeOnline(changes);
  reportNetworkFailure();
  window.dispatchEvent(new Event("online"));
  expect(isOnline()).toBe(true);
  stop();
});
