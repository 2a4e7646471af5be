// An open-loop load at a steady rate, for the mixed load's fixed-rate runs. autocannon's `overallRate` gives
// each connection a quota per second that it spends back to back as each second starts, so a "153 req/s" run
// is a burst of 153 requests at the top of every second: the last of a burst waits behind all the others, and
// p99 measures the burst, not the server (at 20 req/s it was already 40-110 ms). Here request i is sent at
// start + i / rate whatever came back before, over keep-alive connections opened as needed, and its latency is
// counted from when it was sent. A first second at the same rate warms the connections and is left out.
import { Agent, request as httpRequest } from "node:http";

export interface PacedRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedFigures {
  /** answers within the run, per second of the run */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** failed connections and requests still unanswered 10 s after the run */
  errors: number;
  /** how late the generator sent its requests (the box's share, not the server's): p99, ms */
  sendLagP99: number;
}

const WARM_UP_SECONDS = 1;
const DRAIN_LIMIT_MS = 10_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Sends `next(i)` at a steady `rate` per second for `seconds` (after the warm-up), spread round-robin over
 * `baseUrls`, and waits for the answers. Latencies in whole ms, as autocannon reports them.
 */
export async function pacedLoad(
  baseUrls: string[],
  rate: number,
  seconds: number,
  next: (i: number) => PacedRequest,
): Promise<PacedFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const lags: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let answeredInRun = 0;
  const warmUp = Math.round(rate * WARM_UP_SECONDS);
  const total = warmUp + Math.round(rate * seconds);
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const runEnd = start + (WARM_UP_SECONDS + seconds) * 1000;

  const send = (i: number, due: number) => {
    const spec = next(i);
    const url = new URL(spec.path, baseUrls[i % baseUrls.length]);
    const sent = performance.now();
    const counted = i >= warmUp;
    if (counted) lags.push(sent - due);
    const done = new Promise<void>((resolve) => {
      const req = httpRequest(url, { method: spec.method, agent, headers: spec.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          if (counted) {
            latencies.push(performance.now() - sent);
            if (performance.now() <= runEnd) answeredInRun++;
            if (response.statusCode! < 200 || response.statusCode! >= 300) non2xx++;
          }
          resolve();
        });
      });
      req.on("error", () => {
        if (counted) errors++;
        resolve();
      });
      req.end(spec.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // every request whose time has come, each stamped with its own due time
      while (i < total && start + (i * 1000) / rate <= now) {
        send(i, start + (i * 1000) / rate);
        i++;
      }
      if (i >= total) return resolve();
      setTimeout(tick, Math.max(0, start + (i * 1000) / rate - performance.now()));
    };
    tick();
  });
  const unanswered = await Promise.race([
    Promise.all(pending).then(() => 0),
    new Promise<number>((resolve) => setTimeout(() => resolve(pending.size), DRAIN_LIMIT_MS)),
  ]);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    requestsPerSecond: answeredInRun / seconds,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies.at(-1) ?? 0),
    non2xx,
    errors: errors + unanswered,
    sendLagP99: Math.round(percentile(lags, 0.99)),
  };
}
