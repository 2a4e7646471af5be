import { monitorEventLoopDelay } from "node:perf_hooks";

import type { RoundTimings } from "./jobs/round-timings";

/**
 * A debugging aid (LOOP_REPORT_SECONDS=n): every n seconds, one line with how late the event loop ran timers
 * (p50, p99, max of its delay) and how long each kind of job round took. A request waits behind whatever holds
 * the loop, so a high p99 here with a low request rate means stalls, not queueing; the round figures say whose.
 */
export function reportEventLoop(options: { everySeconds: number; rounds: RoundTimings; log: (message: string) => void }): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(0);
  const timer = setInterval(() => {
    const rounds = [...options.rounds.take()]
      .map(
        ([name, figures]) =>
          `${name} ${figures.count}× avg ${(figures.totalMs / figures.count).toFixed(0)} max ${figures.maxMs.toFixed(0)}`,
      )
      .join(", ");
    options.log(
      `event loop delay ms: p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)}; rounds ms: ${rounds || "none"}`,
    );
    delay.reset();
  }, options.everySeconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
  };
}
