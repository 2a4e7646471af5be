import type { FairCommitment, FairHead } from "#contract/fair";

/**
 * What this device was shown of the public record, kept so that a later answer cannot quietly rewrite it: each
 * commitment (its hash, when it was published, whether it was lost) and each final minute head. A later
 * answer that covers one of those minutes and disagrees is a contradiction, kept with both values as evidence.
 * The published record only grows: a commitment may be marked lost and a minute may gain a second commitment
 * after a lost one, but nothing shown is ever replaced or removed, and a lost seed is never found again.
 */

/** Where the record lives: IndexedDB in the app (seen-store.ts), a Map in tests. */
export interface SeenStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

interface SeenCommitment {
  commitment: string;
  createdAt: number;
  lost: boolean;
}

interface SeenHead {
  head: string;
  lastTime: number;
}

/** A published value that changed after this device saw it. */
export interface Contradiction {
  kind: "commitment" | "head";
  minute: number;
  /** the product, for a head */
  pid?: number;
  /** what was shown before (hash; for a commitment also when it was published and whether it was lost) */
  stored: string;
  /** what the server shows now for that minute, or null when it shows nothing */
  shown: string | null;
  /** when this device first saw the stored value, and when the contradiction was found (unix seconds) */
  seenAt: number;
  foundAt: number;
}

const DAY = 86_400;
/** Days of the record kept: long enough to catch a rewritten week, small enough to stay a few megabytes. */
export const SEEN_DAYS = 60;
const CONTRADICTIONS = "contradictions";

const dayOf = (minute: number) => Math.floor((minute * 60) / DAY);
const commitmentKey = (day: number) => `c:${day}`;
const headKey = (pid: number, day: number) => `h:${pid}:${day}`;

type DayRecord<T> = Record<number, T & { seenAt: number }>;

const describeCommitment = (c: SeenCommitment) => `${c.commitment} @${c.createdAt}${c.lost ? " lost" : ""}`;

/** Minutes of a window [from, to] in unix seconds, as the fair endpoints count them (a minute starting in it). */
export function minutesStartingIn(from: number, to: number): number[] {
  const minutes: number[] = [];
  for (let minute = Math.ceil(from / 60); minute <= Math.floor(to / 60); minute++) minutes.push(minute);
  return minutes;
}

/** A minute head is final once its minute's last second is recorded: until then the next round extends it. */
export const headIsFinal = (head: FairHead) => head.lastTime === head.minute * 60 + 59;

// one comparison at a time: two answers arriving together must not each miss what the other stored
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

function groupByDay(minutes: Iterable<number>): Map<number, number[]> {
  const days = new Map<number, number[]>();
  for (const minute of minutes) days.set(dayOf(minute), [...(days.get(dayOf(minute)) ?? []), minute]);
  return days;
}

/**
 * Compares an answer's commitments with those seen before, for the minutes the answer covers (every
 * commitment of each), records what is new, and answers the contradictions found (also kept in the store).
 */
export function compareCommitments(
  store: SeenStore,
  shown: readonly FairCommitment[],
  covered: readonly number[],
  now: number,
): Promise<Contradiction[]> {
  return serially(async () => {
    const found: Contradiction[] = [];
    const byMinute = new Map<number, FairCommitment[]>();
    for (const c of shown) byMinute.set(c.minute, [...(byMinute.get(c.minute) ?? []), c]);
    const minutes = new Set([...covered, ...byMinute.keys()]);
    for (const [day, dayMinutes] of groupByDay(minutes)) {
      const record = (await store.get<DayRecord<{ list: SeenCommitment[] }>>(commitmentKey(day))) ?? {};
      let changed = false;
      for (const minute of dayMinutes) {
        const current = byMinute.get(minute) ?? [];
        const seen = record[minute];
        const foundBefore = found.length;
        if (seen && covered.includes(minute)) {
          for (const earlier of seen.list) {
            const match = current.find((c) => c.commitment === earlier.commitment);
            // a commitment may become lost, never found again; its hash and time never change
            if (!match || match.createdAt !== earlier.createdAt || (earlier.lost && !match.lost)) {
              found.push({
                kind: "commitment",
                minute,
                stored: describeCommitment(earlier),
                shown: current.length > 0 ? current.map(describeCommitment).join(", ") : null,
                seenAt: seen.seenAt,
                foundAt: now,
              });
            }
          }
        }
        // a minute that contradicts what was seen keeps only what was seen first: that is what later answers must match
        if (found.length > foundBefore) continue;
        const list = seen?.list ?? [];
        for (const c of current) {
          const known = list.find((s) => s.commitment === c.commitment);
          if (!known) {
            list.push({ commitment: c.commitment, createdAt: c.createdAt, lost: c.lost });
            changed = true;
          } else if (c.lost && !known.lost && known.createdAt === c.createdAt) {
            known.lost = true;
            changed = true;
          }
        }
        if (!seen && list.length > 0) record[minute] = { list, seenAt: now };
      }
      if (changed) await store.set(commitmentKey(day), record);
    }
    await keep(store, found, now);
    return found;
  });
}

/**
 * Compares an answer's heads of one product with those seen before, for the minutes the answer covers, and
 * records the final ones that are new (a head still growing is not kept: the next round changes it).
 */
export function compareHeads(
  store: SeenStore,
  pid: number,
  shown: readonly FairHead[],
  covered: readonly number[],
  now: number,
): Promise<Contradiction[]> {
  return serially(async () => {
    const found: Contradiction[] = [];
    const byMinute = new Map(shown.filter((h) => h.pid === pid).map((h) => [h.minute, h]));
    const minutes = new Set([...covered, ...byMinute.keys()]);
    for (const [day, dayMinutes] of groupByDay(minutes)) {
      const record = (await store.get<DayRecord<SeenHead>>(headKey(pid, day))) ?? {};
      let changed = false;
      for (const minute of dayMinutes) {
        const seen = record[minute];
        const head = byMinute.get(minute);
        if (seen && covered.includes(minute) && head?.head !== seen.head) {
          found.push({ kind: "head", minute, pid, stored: seen.head, shown: head?.head ?? null, seenAt: seen.seenAt, foundAt: now });
        }
        if (!seen && head && headIsFinal(head)) {
          record[minute] = { head: head.head, lastTime: head.lastTime, seenAt: now };
          changed = true;
        }
      }
      if (changed) await store.set(headKey(pid, day), record);
    }
    await keep(store, found, now);
    return found;
  });
}

const sameContradiction = (a: Contradiction, b: Contradiction) =>
  a.kind === b.kind && a.minute === b.minute && a.pid === b.pid && a.stored === b.stored && a.shown === b.shown;

/** Keeps new contradictions (the evidence) and drops the record's days older than SEEN_DAYS. */
async function keep(store: SeenStore, found: Contradiction[], now: number): Promise<void> {
  if (found.length > 0) {
    const kept = (await store.get<Contradiction[]>(CONTRADICTIONS)) ?? [];
    const fresh = found.filter((c) => !kept.some((k) => sameContradiction(k, c)));
    if (fresh.length > 0) await store.set(CONTRADICTIONS, [...kept, ...fresh]);
  }
  const oldest = Math.floor(now / DAY) - SEEN_DAYS;
  for (const key of await store.keys()) {
    const day = Number(key.split(":").at(-1));
    if (key !== CONTRADICTIONS && Number.isFinite(day) && day < oldest) await store.del(key);
  }
}

/** Every contradiction found on this device so far, oldest first. */
export async function readContradictions(store: SeenStore): Promise<Contradiction[]> {
  return (await store.get<Contradiction[]>(CONTRADICTIONS)) ?? [];
}
