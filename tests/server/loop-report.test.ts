import { expect, it, vi } from "vitest";

import { RoundTimings } from "#server/jobs/round-timings";
import { reportEventLoop } from "#server/loop-report";

it("keeps each round's count and longest time until taken, then starts over", async () => {
  const rounds = new RoundTimings();
  rounds.add("feed", 5);
  rounds.add("feed", 12);
  expect(await rounds.time("settlement", async () => "done")).toBe("done");
  await expect(rounds.time("settlement", () => Promise.reject(new Error("failed round")))).rejects.toThrow("failed round");
  const taken = rounds.take();
  expect(taken.get("feed")).toEqual({ count: 2, totalMs: 17, maxMs: 12 });
  // a failed round is timed too
  expect(taken.get("settlement")?.count).toBe(2);
  expect(rounds.take().size).toBe(0);
});

it("reports the event loop's delays with the rounds since the last report", async () => {
  const rounds = new RoundTimings();
  rounds.add("feed", 7);
  const lines: string[] = [];
  const stop = reportEventLoop({ everySeconds: 0.05, rounds, log: (line) => lines.push(line) });
  // two reports, however late a loaded machine runs the timer
  await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 20 });
  stop();
  expect(lines[0]).toMatch(/^event loop delay ms: p50 \d+ p99 \d+ max \d+; rounds ms: feed 1× avg 7 max 7$/);
  expect(lines[1]).toMatch(/rounds ms: none$/);
});
