import { type Period, PERIOD_SECONDS, PERIODS } from "#contract/markets";

export interface CandleRow {
  productId: number;
  period: Period;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface Bar {
  time: number;
  seconds: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const bucket = (time: number, period: Period) => Math.floor(time / PERIOD_SECONDS[period]) * PERIOD_SECONDS[period];

/**
 * Collects candles of every period from ticks or finer bars, in time order. Rows come out merged per
 * bucket; merging the same bucket again later (in the database) keeps the first open and the last close.
 */
export class CandleBook {
  private readonly rows = new Map<string, CandleRow>();

  addTick(productId: number, time: number, price: number): void {
    this.addBar(productId, { time, seconds: 1, open: price, high: price, low: price, close: price });
  }

  /** A bar feeds every period at least as long as itself. */
  addBar(productId: number, bar: Bar): void {
    for (const period of PERIODS) {
      if (PERIOD_SECONDS[period] < bar.seconds) continue;
      const time = bucket(bar.time, period);
      const key = `${productId}:${period}:${time}`;
      const row = this.rows.get(key);
      if (!row) this.rows.set(key, { productId, period, time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
      else {
        row.high = Math.max(row.high, bar.high);
        row.low = Math.min(row.low, bar.low);
        row.close = bar.close;
      }
    }
  }

  /** A candle row merged into the book's row of the same product, period and start, as the database merges. */
  mergeRow(row: CandleRow): void {
    const key = `${row.productId}:${row.period}:${row.time}`;
    const held = this.rows.get(key);
    if (!held) this.rows.set(key, { ...row });
    else {
      held.high = Math.max(held.high, row.high);
      held.low = Math.min(held.low, row.low);
      held.close = row.close;
    }
  }

  get size(): number {
    return this.rows.size;
  }

  drain(): CandleRow[] {
    const rows = [...this.rows.values()];
    this.rows.clear();
    return rows;
  }
}
