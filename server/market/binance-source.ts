import type { BackoffOptions } from "./backoff";
import { binanceTrade } from "./binance-message";
import { tradeTimeRefusal } from "./live-rules";
import { HeardPrices, type LiveSource } from "./live-source";
import { ReconnectingSocket } from "./reconnecting-socket";

/** Binance's public market-data streams: no key, no account. */
export const BINANCE_STREAM_URL = "wss://stream.binance.com:9443";

export interface BinanceOptions {
  /** the streams' base address (BINANCE_WS_URL); tests point it at a local fake */
  url: string;
  /** this process's clock (ms): a trade's exchange time is checked against it on arrival */
  nowMs: () => number;
  log: (message: string) => void;
  backoff?: BackoffOptions;
  heartbeatMs?: number;
  random?: () => number;
}

/**
 * Binance's public trade stream, one connection per symbol (`<url>/ws/<symbol>@trade`). Each trade's price is
 * kept with the exchange's own trade time, once that time is believable on arrival (not too old, not ahead of
 * our clock: live-rules.ts); anything else on the stream is ignored.
 */
export class BinanceSource implements LiveSource {
  readonly label = "Binance";
  private readonly heard = new HeardPrices();
  private readonly sockets = new Map<string, ReconnectingSocket>();
  /** per symbol: when a refused trade time was last logged, and how many were refused since without a line */
  private readonly refusals = new Map<string, { loggedAt: number; since: number }>();

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
        onMessage: (text) => this.hear(symbol, text),
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

  private hear(symbol: string, text: string): void {
    const trade = binanceTrade(text, symbol);
    if (trade === null) return;
    const arrived = this.options.nowMs();
    const refusal = tradeTimeRefusal(trade.time, arrived);
    if (refusal === null) {
      this.heard.add(symbol, trade.time, trade.price);
      return;
    }
    // a lagging or misdated stream refuses every trade: one line per symbol every 10 s is enough to see it
    const count = this.refusals.get(symbol) ?? { loggedAt: -Infinity, since: 0 };
    if (arrived - count.loggedAt < 10_000) count.since++;
    else {
      const more = count.since > 0 ? ` (and ${count.since} more since the last report)` : "";
      this.options.log(`feed source: ignored a Binance ${symbol} trade at ${trade.price}, its trade time ${refusal}${more}`);
      count.loggedAt = arrived;
      count.since = 0;
    }
    this.refusals.set(symbol, count);
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
