import { FUNDS_KINDS, type FundsKind } from "#contract/wallet";

/** The statement's filters as the page's address holds them: a kind, the first and last local day, a page's cursor. */
export interface FundsSearch {
  kind?: FundsKind;
  from?: string;
  to?: string;
  cursor?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address's search, kept only where it is one of ours: a stranger's value is dropped, not sent. */
export function readFundsSearch(address: object): FundsSearch {
  const search = address as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const kind = text(search.kind);
  const from = text(search.from);
  const to = text(search.to);
  const cursor = text(search.cursor);
  return {
    ...(kind && (FUNDS_KINDS as readonly string[]).includes(kind) ? { kind: kind as FundsKind } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
    ...(cursor && /^[\w-]{1,300}$/.test(cursor) ? { cursor } : {}),
  };
}

/** A local day's start (or, `end`, its last second) as the instant the server reads ("2027-01-14T16:00:00.000Z"). */
function localInstant(day: string, end: boolean): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + (end ? 1 : 0)).getTime();
  // the server ends an instant's range a second after it: the last second of the day ends it at the next midnight
  return new Date(end ? start - 1000 : start).toISOString();
}

/** What the server is asked for: the kind, and the period from the first day's local midnight to the last day's end. */
export function fundsRequestFields(search: FundsSearch): Record<string, string | undefined> {
  const from = search.from;
  // a last day before the first is read as the first: the statement of that one day rather than a refusal
  const to = search.to && from && search.to < from ? from : search.to;
  return {
    kind: search.kind,
    since: from ? localInstant(from, false) : undefined,
    until: to ? localInstant(to, true) : undefined,
  };
}
