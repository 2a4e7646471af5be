import { request } from "node:http";

export interface ReceivedEvent {
  id: number;
  kind: string;
  data: Record<string, unknown>;
}

export interface OpenStream {
  status: number;
  events: ReceivedEvent[];
  /** the raw text, comments (heartbeats) and `retry:` included */
  text(): string;
  /** resolves once `count` events have arrived (rejects after `ms`) */
  waitFor(count: number, ms?: number): Promise<ReceivedEvent[]>;
  /** resolves once the server has ended the stream (rejects after `ms`) */
  ended(ms?: number): Promise<void>;
  close(): void;
}

/** Opens a stream (the customer's, or `path`) on a listening server and parses what arrives as server-sent events. */
export function openStream(
  baseUrl: string,
  query: string,
  headers: Record<string, string> = {},
  path = "/api/stream",
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}?${query}`, { headers }, (res) => {
      let raw = "";
      let serverEnded = false;
      const endWaiters: Array<() => void> = [];
      res.on("end", () => {
        serverEnded = true;
        for (const waiter of endWaiters.splice(0)) waiter();
      });
      let pending = "";
      const events: ReceivedEvent[] = [];
      const waiters: Array<() => void> = [];
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf("\n\n")) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const id = field("id");
          const data = field("data");
          if (id !== undefined && data !== undefined) {
            const parsed = JSON.parse(data) as { kind: string; data: Record<string, unknown> };
            events.push({ id: Number(id), kind: parsed.kind, data: parsed.data });
          }
        }
        for (const waiter of waiters.splice(0)) waiter();
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        text: () => raw,
        waitFor(count, ms = 5_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`stream: ${events.length} of ${count} events after ${ms} ms`)), ms);
            const check = () => {
              if (events.length >= count) {
                clearTimeout(timer);
                done(events.slice(0, count));
              } else waiters.push(check);
            };
            check();
          });
        },
        ended(ms = 10_000) {
          return new Promise((done, fail) => {
            if (serverEnded) return done();
            const timer = setTimeout(() => fail(new Error(`stream: still open after ${ms} ms`)), ms);
            endWaiters.push(() => {
              clearTimeout(timer);
              done();
            });
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on("error", reject);
    req.end();
  });
}
