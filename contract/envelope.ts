import type { ErrorKey } from "./catalogue";

/** The one answer shape of every API call, passed to callers whole. */
export type Envelope<T> =
  | { code: 1; msg: string; data: T }
  | {
      code: 0 | 401;
      msg: string;
      err: ErrorKey;
      data: null;
      /** what a refusal hands back for the client to act on (errorValues in errors.ts), e.g. price_moved's new price */
      values?: Record<string, string>;
    };

export type Failure = Extract<Envelope<unknown>, { code: 0 | 401 }>;

/** The `data` of an answer that only says it was done (the message says what): `{}`. */
export type NoData = Record<string, never>;
