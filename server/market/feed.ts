import { FeedRecorder, type RecorderOptions } from "./feed-recorder";
import { FeedView, type FeedViewOptions } from "./feed-view";

export type FeedOptions = FeedViewOptions & RecorderOptions;

/**
 * The price feed one process holds: the view every quote endpoint and every order reads (feed-view.ts), and
 * the recorder (feed-recorder.ts) that keeps it current while this process leads. A follower never records:
 * the job runner calls `follow` and `receive` instead of `takeOver` and `advance`.
 */
export class PriceFeed extends FeedView {
  private readonly recorder: FeedRecorder;
  private readonly now: () => number;

  constructor(options: FeedOptions) {
    super(options);
    this.recorder = new FeedRecorder(this, options);
    this.now = options.now;
  }

  /** Opens as the recorder: loads products and the last recorded prices, backfills, fills any gap up to now. */
  async open(): Promise<void> {
    await this.reloadProducts();
    await this.takeOver();
    await this.advance(this.now());
  }

  /** Becomes the recorder (at start, or on winning the job lock), going on from the last recorded prices. */
  takeOver(): Promise<void> {
    return this.recorder.takeOver();
  }

  /** Records every second up to `now` (the leader's round). */
  advance(now: number): Promise<number> {
    return this.recorder.advance(now);
  }

  /** Disconnects from every real source (the process is stopping). */
  async close(): Promise<void> {
    await this.live.close();
  }
}
