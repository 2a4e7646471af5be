import type { LatestQuote } from "#contract/markets";

/**
 * The quotes worker's logic, free of timers and fetch so it can be tested: poll the watched products every
 * second while the page is visible and online, pause otherwise, back off on errors (2, 4, 8 … 30 s), and
 * report only quotes that changed since the last report.
 */
export interface PollerEnvironment {
  fetchQuotes(pids: number[]): Promise<LatestQuote[]>;
  report(changed: LatestQuote[]): void;
  schedule(callback: () => void, ms: number): () => void;
}

export const POLL_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;

export class QuotePoller {
  private pids: number[] = [];
  private visible = true;
  private online = true;
  private failures = 0;
  private cancel: (() => void) | null = null;
  private inFlight = false;
  private readonly last = new Map<number, string>();

  constructor(private readonly env: PollerEnvironment) {}

  watch(pids: number[]): void {
    this.pids = [...new Set(pids)].sort((a, b) => a - b);
    this.restart(0);
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.restart(0);
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.failures = 0;
    this.restart(0);
  }

  get active(): boolean {
    return this.visible && this.online && this.pids.length > 0;
  }

  /** The wait before the next poll: one second, or the backoff after failures. */
  get delay(): number {
    return this.failures === 0 ? POLL_MS : Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** this.failures);
  }

  private restart(ms: number): void {
    this.cancel?.();
    this.cancel = null;
    if (this.active && !this.inFlight) this.cancel = this.env.schedule(() => void this.poll(), ms);
  }

  async poll(): Promise<void> {
    this.cancel = null;
    if (!this.active || this.inFlight) return;
    this.inFlight = true;
    const pids = this.pids;
    try {
      const quotes = await this.env.fetchQuotes(pids);
      this.failures = 0;
      const changed = quotes.filter((quote) => {
        const key = `${quote.price}|${quote.time}|${quote.status}|${quote.stale}`;
        if (this.last.get(quote.id) === key) return false;
        this.last.set(quote.id, key);
        return true;
      });
      if (changed.length > 0) this.env.report(changed);
    } catch {
      this.failures += 1;
    } finally {
      this.inFlight = false;
    }
    this.restart(this.delay);
  }
}
