import type { products } from "../db/schema";
import { scaledPrice } from "./exchange-price";
import { type FeedSource, parseFeedSource, SOURCE_LABELS } from "./feed-source";
import { type HeardPrice, liveSeconds } from "./live-seconds";
import type { LiveSource } from "./live-source";

type ProductRow = typeof products.$inferSelect;

/** The real sources this process may follow, by kind; one without a source configured is never priced. */
export interface LiveSources {
  binance?: LiveSource;
}

/**
 * The real-fed side of the feed: which products follow which source, the last price heard for each, and the
 * seconds to record from what was heard. Only the recorder (the job leader) collects, so only it connects.
 */
export class LivePrices {
  private readonly last = new Map<number, HeardPrice>();
  private readonly later = new Map<number, HeardPrice[]>();
  private readonly heardNow = new Map<number, HeardPrice[]>();

  constructor(private readonly sources: LiveSources) {}

  /** The product's source; null when its `feed_source` is not one this version knows (it records nothing). */
  sourceOf(product: ProductRow): FeedSource | null {
    return parseFeedSource(product.feedSource);
  }

  isLive(product: ProductRow): boolean {
    return this.sourceOf(product)?.kind !== "simulated";
  }

  /** "simulated", or the real source's name ("Binance"); the stored text when it is not understood. */
  label(product: ProductRow): string {
    const source = this.sourceOf(product);
    return source ? SOURCE_LABELS[source.kind] : product.feedSource;
  }

  /** Follows exactly the symbols the products name and takes what was heard since the last round. */
  collect(all: Iterable<ProductRow>): void {
    const wanted = new Map<string, ProductRow[]>();
    for (const product of all) {
      const source = this.sourceOf(product);
      if (source?.kind !== "binance") {
        this.forget(product.id);
        continue;
      }
      wanted.set(source.symbol, [...(wanted.get(source.symbol) ?? []), product]);
    }
    const binance = this.sources.binance;
    binance?.watch(new Set(wanted.keys()));
    this.heardNow.clear();
    for (const [symbol, following] of wanted) {
      const heard = binance?.take(symbol) ?? [];
      for (const product of following) {
        const converted = heard.flatMap(({ at, price }) => {
          const scaled = scaledPrice(price, product.precision);
          return scaled === null ? [] : [{ time: at / 1000, price: scaled }];
        });
        this.heardNow.set(product.id, [...(this.later.get(product.id) ?? []), ...converted]);
      }
    }
  }

  /** The ticks to record for a real-fed product from the second after `from` up to `to`. */
  seconds(product: ProductRow, from: number, to: number, isOpen: (time: number) => boolean): Array<{ time: number; price: number }> {
    const result = liveSeconds({
      heard: this.heardNow.get(product.id) ?? [],
      last: this.last.get(product.id),
      from,
      to,
      toleranceSeconds: product.feedStaleSeconds,
      isOpen,
    });
    if (result.last) this.last.set(product.id, result.last);
    this.later.set(product.id, result.later);
    this.heardNow.delete(product.id);
    return result.ticks;
  }

  /** Seconds since this process last heard the product's source; undefined when it has not (or does not follow it). */
  silentFor(productId: number, now: number): number | undefined {
    const last = this.last.get(productId);
    return last === undefined ? undefined : now - Math.floor(last.time);
  }

  /** Stops following every source (this process no longer records) and forgets what it heard. */
  release(): void {
    this.sources.binance?.watch(new Set());
    this.last.clear();
    this.later.clear();
    this.heardNow.clear();
  }

  async close(): Promise<void> {
    await this.sources.binance?.close();
  }

  private forget(productId: number): void {
    this.last.delete(productId);
    this.later.delete(productId);
  }
}
