import type { BackoffOptions } from "./backoff";
import { binancePrice } from "./binance-message";
import { HeardPrices, type LiveSource } from "./live-source";
import { ReconnectingSocket } from "./reconnecting-socket";

/** Binance's public market-data streams: no key, no account. */
export const BINANCE_STREAM_URL = "wss://stream.binance.com:9443";

export interface BinanceOptions {
  /** the streams' base address (BINANCE_WS_URL); tests point it at a local fake */
  url: string;
  /** the clock prices are stamped with when heard (ms) */
  nowMs: () => number;
  log: (message: string) => void;
  backoff?: BackoffOptions;
  heartbeatMs?: number;
  random?: () => number;
}

/**
 * Binance's public trade stream, one connection per symbol (`<url>/ws/<symbol>@trade`). Each trade's price is
 * kept with the instant this process heard it; anything else on the stream is ignored.
 */
export class BinanceSource implements LiveSource {
  readonly label = "Binance";
  private readonly heard = new HeardPrices();
  private readonly sockets = new Map<string, ReconnectingSocket>();

  constructor(private readonly options: BinanceOptions) {}

  watch(symbols: ReadonlySet<string>): void {
    for (const [symbol, socket] of this.sockets) {
      if (symbols.has(symbol)) continue;
      this.sockets.delete(symbol);
      this.heard.forget(symbol);
      void socket.stop();
    }
    for (const symbol of symbols) {
      if (this.sockets.has(symbol)) continue;
      const socket = new ReconnectingSocket({
        url: `${this.options.url.replace(/\/+$/, "")}/ws/${symbol}@trade`,
        onMessage: (text) => {
          const price = binancePrice(text, symbol);
          if (price !== null) this.heard.add(symbol, this.options.nowMs(), price);
        },
        log: this.options.log,
        backoff: this.options.backoff ?? { baseMs: 1000, maxMs: 60_000 },
        heartbeatMs: this.options.heartbeatMs ?? 30_000,
        random: this.options.random,
      });
      this.sockets.set(symbol, socket);
      this.options.log(`feed source: following Binance ${symbol}`);
      socket.start();
    }
  }

  take(symbol: string) {
    return this.heard.take(symbol);
  }

  /** symbol → connected now, for the operator's status */
  connections(): Record<string, boolean> {
    return Object.fromEntries([...this.sockets].map(([symbol, socket]) => [symbol, socket.connected]));
  }

  async close(): Promise<void> {
    const sockets = [...this.sockets.values()];
    this.sockets.clear();
    await Promise.all(sockets.map((socket) => socket.stop()));
  }
}
