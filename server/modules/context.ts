import type { Db } from "../db/client";

/** What every service needs: the database and the clock (Unix seconds), injectable for tests. */
export interface ServiceContext {
  db: Db;
  now: () => number;
  log: (message: string) => void;
  /**
   * Set for one request once the user's fund password was checked (and the try counted) before the request's
   * transaction began. A wrong password's count must outlive a refused request, whose transaction rolls back.
   */
  fundPasswordCheckedFor?: number;
}

export const systemClock = () => Math.floor(Date.now() / 1000);
