import type { Sparklines } from "#contract/markets";
import { formatPrice } from "#contract/money";

import type { PriceFeed } from "../../market/feed";
import { latestCandles } from "../../market/store";
import type { ServiceContext } from "../context";

/** A sparkline is the last hour of one-minute closes, one point every two minutes. */
const SPARK_MINUTES = 60;
const SPARK_POINTS = 30;

/** Every second close of the last `SPARK_MINUTES` candles, ending with the newest: `SPARK_POINTS` at most, oldest first. */
export function sparkPoints(closes: number[]): number[] {
  const recent = closes.slice(-SPARK_MINUTES);
  return recent.filter((_, i) => (recent.length - 1 - i) % 2 === 0).slice(-SPARK_POINTS);
}

/**
 * Every product's sparkline, read from the in-memory candle rings (the database only for a ring's first
 * read) and built once a minute: one-minute candles change their close within the minute, which the app
 * draws from the live price anyway. A market that is closed shows its last hour of trading.
 */
export class SparklineAnswers {
  private minute = -1;
  private built: Promise<Sparklines> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly feed: PriceFeed,
  ) {}

  answer(): Promise<Sparklines> {
    const minute = Math.floor(this.ctx.now() / 60);
    if (minute !== this.minute || !this.built) {
      this.minute = minute;
      this.built = this.build().catch((error: unknown) => {
        this.built = null;
        throw error;
      });
    }
    return this.built;
  }

  private async build(): Promise<Sparklines> {
    const lines: Sparklines = {};
    for (const product of this.feed.products.values()) {
      const rows =
        (await this.feed.candleRings.latest(this.ctx.db, product.id, "1m", SPARK_MINUTES)) ??
        (await latestCandles(this.ctx.db, product.id, "1m", SPARK_MINUTES));
      lines[product.id] = sparkPoints(rows.map((row) => row.close)).map((close) => formatPrice(close, product.precision));
    }
    return lines;
  }
}
