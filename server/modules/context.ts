import type { Db } from "../db/client";

/** What every service needs: the database and the clock (Unix seconds), injectable for tests. */
export interface ServiceContext {
  db: Db;
  now: () => number;
  log: (message: string) => void;
}

export const systemClock = () => Math.floor(Date.now() / 1000);
