import { formatPrice } from "#contract/money";

import type { products } from "../db/schema";
import { scaledPrice } from "./exchange-price";
import { type FeedSource, parseFeedSource, SOURCE_LABELS } from "./feed-source";
import { type LiveTrade, OutlierFilter } from "./live-outliers";
import { liveSeconds } from "./live-seconds";
import type { LiveSource } from "./live-source";

type ProductRow = typeof products.$inferSelect;

/** The real sources this process may follow, by kind; one without a source configured is never priced. */
export interface LiveSources {
  binance?: LiveSource;
}

/** A product's last recorded price and its second. */
export type RecordedPrice = (productId: number) => { price: number; time: number } | undefined;

/**
 * The real-fed side of the feed: which products follow which source, the trades heard for each (judged by the
 * outlier rule), and the seconds to record from them. Only the recorder (the job leader) collects, so only it
 * connects.
 */
export class LivePrices {
  private readonly later = new Map<number, LiveTrade[]>();
  private readonly heardNow = new Map<number, LiveTrade[]>();
  private readonly filters = new Map<number, OutlierFilter>();

  constructor(
    private readonly sources: LiveSources,
    private readonly log: (message: string) => void = () => {},
  ) {}

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

  /**
   * Follows exactly the symbols the products name and takes what was heard since the last round, each trade
   * judged for each product by its outlier rule (`recorded` stands in for the recent price after a restart).
   */
  collect(all: Iterable<ProductRow>, recorded: RecordedPrice): void {
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
        const trades = heard.flatMap(({ time, price }) => {
          const scaled = scaledPrice(price, product.precision);
          return scaled === null ? [] : [{ time, price: scaled }];
        });
        this.heardNow.set(product.id, [...(this.later.get(product.id) ?? []), ...this.judge(product, trades, recorded)]);
      }
    }
  }

  /** The ticks to record for a real-fed product from the second after `from` up to `to`: seconds with a trade only. */
  seconds(product: ProductRow, from: number, to: number, isOpen: (time: number) => boolean): Array<{ time: number; price: number }> {
    const result = liveSeconds({ heard: this.heardNow.get(product.id) ?? [], from, to, isOpen });
    this.later.set(product.id, result.later);
    this.heardNow.delete(product.id);
    return result.ticks;
  }

  /** Stops following every source (this process no longer records) and forgets what it heard. */
  release(): void {
    this.sources.binance?.watch(new Set());
    this.later.clear();
    this.heardNow.clear();
    this.filters.clear();
  }

  async close(): Promise<void> {
    await this.sources.binance?.close();
  }

  private judge(product: ProductRow, trades: LiveTrade[], recorded: RecordedPrice): LiveTrade[] {
    const filter = this.filters.get(product.id) ?? new OutlierFilter();
    this.filters.set(product.id, filter);
    const accepted: LiveTrade[] = [];
    const held: Array<{ trade: LiveTrade; reference?: number }> = [];
    for (const trade of trades) {
      const judgement = filter.judge(trade, product.feedStaleSeconds * 1000, recorded(product.id));
      if (judgement.held) held.push({ trade: judgement.held, reference: judgement.reference });
      else if (judgement.accepted.length > 1) {
        const span = (judgement.accepted.at(-1)!.time - judgement.accepted[0]!.time) / 1000;
        this.log(
          `feed: ${product.code} (${product.feedSource}) moved to ${this.price(product, judgement.accepted.at(-1)!.price)}, confirmed by ${judgement.accepted.length} trades over ${span.toFixed(1)} s`,
        );
      }
      accepted.push(...judgement.accepted);
    }
    const first = held[0];
    if (first) {
      const from =
        first.reference === undefined
          ? "with no recent price to compare"
          : `${this.bandText(first.trade.price, first.reference)} from the recent price ${this.price(product, first.reference)}`;
      this.log(
        `feed: ${product.code} (${product.feedSource}) outlier trade at ${this.price(product, first.trade.price)} ${from}: not recorded unless confirmed${held.length > 1 ? ` (${held.length} held this round)` : ""}`,
      );
    }
    return accepted;
  }

  private price(product: ProductRow, scaled: number): string {
    return formatPrice(Math.round(scaled), product.precision);
  }

  private bandText(price: number, reference: number): string {
    return `${((Math.abs(price - reference) / reference) * 100).toFixed(1)} %`;
  }

  private forget(productId: number): void {
    this.later.delete(productId);
    this.filters.delete(productId);
  }
}
