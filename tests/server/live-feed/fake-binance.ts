import type { AddressInfo } from "node:net";

import { type WebSocket, WebSocketServer } from "ws";

import { BinanceSource } from "#server/market/binance-source";

/**
 * A source on the fake as the live-feed tests use it: waits of 20 ms doubling to 200 ms and no jitter (every
 * wait is its full step, so the steps can be checked), and no heartbeat within a test's time. It stamps each
 * message with `clockMs()` and counts them in `heard`, so a test can wait until a trade was heard; what the
 * source logged is in `logs` (the feed's own lines are in the harness's).
 */
export class SourceOnFake {
  heard = 0;
  readonly logs: string[] = [];
  readonly source: BinanceSource;

  constructor(fake: FakeBinance, clockMs: () => number) {
    this.source = new BinanceSource({
      url: fake.url,
      nowMs: () => {
        this.heard++;
        return clockMs();
      },
      log: (message) => this.logs.push(message),
      backoff: { baseMs: 20, maxMs: 200 },
      random: () => 1,
      heartbeatMs: 60_000,
    });
  }
}

/**
 * A local stand-in for Binance's public streams on 127.0.0.1: clients connect to `/ws/<symbol>@trade` and
 * receive trades in the exchange's format. It can drop every connection, refuse the next ones (accept, then
 * close before any message) and stop answering pings.
 */
export class FakeBinance {
  /** every connection accepted: its symbol and when (ms) */
  readonly connections: Array<{ symbol: string; at: number }> = [];
  private readonly open = new Set<{ socket: WebSocket; symbol: string }>();
  private refusing = 0;
  private tradeId = 0;

  private constructor(
    private readonly server: WebSocketServer,
    readonly url: string,
  ) {
    server.on("connection", (socket, request) => {
      const symbol = /^\/ws\/([a-z0-9]+)@trade$/.exec(request.url ?? "")?.[1] ?? "?";
      this.connections.push({ symbol, at: Date.now() });
      if (this.refusing > 0) {
        this.refusing--;
        socket.close(1013, "try again later");
        return;
      }
      const entry = { socket, symbol };
      this.open.add(entry);
      socket.on("close", () => this.open.delete(entry));
    });
  }

  static async start(): Promise<FakeBinance> {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    return new FakeBinance(server, `ws://127.0.0.1:${port}`);
  }

  connected(symbol: string): number {
    return [...this.open].filter((entry) => entry.symbol === symbol).length;
  }

  /** A trade as Binance sends it on `<symbol>@trade`, made at `at` (ms, the exchange's clock; now by default). */
  trade(symbol: string, price: string, at = Date.now()): void {
    const id = ++this.tradeId;
    this.send(
      symbol,
      JSON.stringify({ e: "trade", E: at, s: symbol.toUpperCase(), t: id, p: price, q: "0.01000000", T: at, m: false, M: true }),
    );
  }

  send(symbol: string, text: string): void {
    for (const entry of this.open) if (entry.symbol === symbol) entry.socket.send(text);
  }

  /** Cuts every connection at once, as a network failure would. */
  dropAll(): void {
    for (const entry of this.open) entry.socket.terminate();
  }

  refuseNext(count: number): void {
    this.refusing = count;
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` holds (or fails after `ms`). */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
