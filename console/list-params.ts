/**
 * A console list's state lives in the page's URL (`#/withdrawals?status=review&since=2026-11-01`), so a filtered
 * view can be bookmarked, shared and reloaded. These turn the URL's search into the list's request fields and
 * back: only the fields the list knows, never an empty one, and any change of filter or sort starts again
 * from the first page (a cursor belongs to the order it was made in).
 */
export type ListParams = Readonly<Record<string, string>>;

/** The fields of a URL search that this list reads: known names with a non-empty text value. */
export function readListParams(search: Readonly<Record<string, unknown>>, known: readonly string[]): ListParams {
  const params: Record<string, string> = {};
  for (const name of [...known, "cursor", "sort", "order"]) {
    const value = search[name];
    if (typeof value === "string" && value.trim() !== "") params[name] = value.trim();
  }
  return params;
}

/** New filters (from the filter bar): the sort stays, the page goes back to the first. */
export function withFilters(current: ListParams, filters: Readonly<Record<string, string | undefined>>): ListParams {
  const next: Record<string, string> = {};
  if (current.sort) next.sort = current.sort;
  if (current.order) next.order = current.order;
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value.trim() !== "") next[name] = value.trim();
  return next;
}

/**
 * A click on a sortable heading: sort by that column, newest or largest first; a second click on the same column
 * turns the order round. The filters stay, the page goes back to the first.
 */
export function withSort(current: ListParams, column: string, defaultColumn: string): ListParams {
  const { cursor: _cursor, sort: _sort, order: _order, ...filters } = current;
  const same = (current.sort ?? defaultColumn) === column;
  const order = same && (current.order ?? "desc") === "desc" ? "asc" : "desc";
  return { ...filters, ...(column === defaultColumn ? {} : { sort: column }), ...(order === "desc" ? {} : { order }) };
}

/** Another page of the same view: the cursor is the only thing that changes. */
export function withCursor(current: ListParams, cursor: string | null): ListParams {
  const { cursor: _cursor, ...rest } = current;
  return cursor ? { ...rest, cursor } : rest;
}

/** The export of what the list shows: every page of it, so without the cursor. */
export function exportHref(path: string, params: ListParams): string {
  const { cursor: _cursor, ...filters } = params;
  const query = new URLSearchParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/** The URL search of a view, as the console's router writes it: plain text values, empty ones left out. */
export function searchText(params: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  const query = new URLSearchParams(entries).toString();
  return query ? `?${query}` : "";
}

/** The URL search read back: every value a string, as typed (the router's default would read "10" as a number). */
export const parseSearchText = (text: string): Record<string, string> => Object.fromEntries(new URLSearchParams(text));
