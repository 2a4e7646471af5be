import { call, serverNow } from "@/api/client";
import type { Envelope } from "#contract/envelope";
import type { FairCommitment, FairHead, FairReveal, FairVoidDay } from "#contract/fair";
import type { ProductQuote } from "#contract/markets";
import { apiPaths } from "#contract/paths";

/** The fairness page's reads: the public record (no login) and one order's proof (its owner's). */

export const fetchCommitments = (from: number, to: number) => call(apiPaths.fairCommitments, { from, to });
export const fetchReveals = (from: number, to: number) => call(apiPaths.fairReveals, { from, to });
export const fetchHeads = (pid: number, from: number, to: number) => call(apiPaths.fairHeads, { pid, from, to });
export const fetchVoids = (from: number, to: number) => call(apiPaths.fairVoids, { from, to });
export const fetchOrderProof = (id: number) => call(apiPaths.fairOrder, { id }, { quiet: true });

/** A window of minutes: its commitments and the seeds revealed so far, and the window it asked for. */
export interface MinuteWindow {
  from: number;
  to: number;
  commitments: FairCommitment[];
  reveals: FairReveal[];
}

/** What the page opens with: the last hour of minutes and those committed ahead, heads, voids, products. */
export interface FairnessOverview {
  /** the server's now when fetched (unix seconds) */
  at: number;
  minutes: MinuteWindow;
  products: Array<Pick<ProductQuote, "id" | "code" | "name">>;
  /** the product whose heads are shown, and the last hour of them */
  pid: number;
  heads: FairHead[];
  headsFrom: number;
  headsTo: number;
  voids: FairVoidDay[];
}

const HOUR = 3600;
/** Minutes ahead asked for with the first window: every commitment already made (L is 15 minutes or more). */
const AHEAD = HOUR;
/** Days of void counts shown. */
export const VOID_DAYS = 30;

/** A window of minutes [from, to] (unix seconds, whole minutes): commitments and reveals together. */
export async function fetchMinuteWindow(from: number, to: number): Promise<Envelope<MinuteWindow>> {
  const [commitments, reveals] = await Promise.all([fetchCommitments(from, to), fetchReveals(from, to)]);
  if (commitments.code !== 1) return commitments;
  if (reveals.code !== 1) return reveals;
  return { code: 1, msg: "", data: { from, to, commitments: commitments.data, reveals: reveals.data } };
}

/** The window before `from` (an hour, not before `floor`): what "load more" asks for. */
export const earlierWindow = (from: number, floor: number) => ({ from: Math.max(floor, from - HOUR), to: from - 60 });

/** The start of the device's day containing `at`, on a whole minute. */
export function startOfLocalDay(at: number): number {
  const date = new Date(at * 1000);
  date.setHours(0, 0, 0, 0);
  return Math.floor(date.getTime() / 1000 / 60) * 60;
}

/** Fails as a whole on the first failed part: the page is one saved copy, not a patchwork of old and new. */
export async function fetchFairnessOverview(pid?: number): Promise<Envelope<FairnessOverview>> {
  const at = Math.floor(serverNow());
  const minute = Math.floor(at / 60) * 60;
  const from = Math.max(startOfLocalDay(at), minute - HOUR);
  const products = await call(apiPaths.products, {});
  if (products.code !== 1) return products;
  const chosen = products.data.find((p) => p.id === pid) ?? products.data[0];
  const headsFrom = minute - HOUR;
  const [minutes, heads, voids] = await Promise.all([
    fetchMinuteWindow(from, minute + AHEAD),
    chosen ? fetchHeads(chosen.id, headsFrom, at) : Promise.resolve({ code: 1 as const, msg: "", data: [] as FairHead[] }),
    fetchVoids(startOfLocalDay(at - (VOID_DAYS - 1) * 86_400), at),
  ]);
  if (minutes.code !== 1) return minutes;
  if (heads.code !== 1) return heads;
  if (voids.code !== 1) return voids;
  return {
    code: 1,
    msg: "",
    data: {
      at,
      minutes: minutes.data,
      products: products.data.map(({ id, code, name }) => ({ id, code, name })),
      pid: chosen?.id ?? 0,
      heads: heads.data,
      headsFrom,
      headsTo: at,
      voids: voids.data,
    },
  };
}
