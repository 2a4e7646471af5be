/** How long each kind of periodic round took since the last report: count, total and longest, in ms. */
export interface RoundFigures {
  count: number;
  totalMs: number;
  maxMs: number;
}

/**
 * Wall time of the job rounds by name ("feed", "settlement", ...), kept only when a report asks for them
 * (LOOP_REPORT_SECONDS): what the event-loop report prints beside the loop's delays, to tell which round a
 * stall falls in.
 */
export class RoundTimings {
  private figures = new Map<string, RoundFigures>();

  async time<T>(name: string, round: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await round();
    } finally {
      this.add(name, performance.now() - started);
    }
  }

  add(name: string, ms: number): void {
    const figures = this.figures.get(name) ?? { count: 0, totalMs: 0, maxMs: 0 };
    figures.count++;
    figures.totalMs += ms;
    figures.maxMs = Math.max(figures.maxMs, ms);
    this.figures.set(name, figures);
  }

  /** The figures since the last call, and a fresh start. */
  take(): Map<string, RoundFigures> {
    const taken = this.figures;
    this.figures = new Map();
    return taken;
  }
}
