import { useNavigate, useSearch } from "@tanstack/react-router";

import type { ListPage } from "#contract/lists";
import type { OpsPath } from "#contract/ops-paths";
import type { AnswerOf } from "#contract/paths";

import { call } from "./api";
import type { Sorting } from "./DataTable";
import { type ListParams, readListParams, withCursor, withFilters, withSort } from "./list-params";
import { useLoad } from "./use-load";

/**
 * One console list's state and data: its view (filters, sort, page) read from the URL's search, the page the
 * server answers for it, and the moves (apply filters, sort by a column, turn a page) written back to the URL,
 * which is what loads again. So the back button, a reload and a bookmark all show the same view.
 */
export function useList<P extends OpsPath<ListPage<unknown>>>(endpoint: P, filterNames: readonly string[], defaultSort = "time") {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const params = readListParams(search, filterNames);
  const view = JSON.stringify(params);
  const { data, error, reload } = useLoad(() => call(endpoint, params) as Promise<AnswerOf<P>>, [view]);
  const go = (next: ListParams) => void navigate({ to: ".", search: () => next } as never);
  const sorting: Sorting = {
    column: params.sort ?? defaultSort,
    order: params.order === "asc" ? "asc" : "desc",
    onSort: (column) => go(withSort(params, column, defaultSort)),
  };
  return {
    params,
    data,
    error,
    reload,
    sorting,
    apply: (filters: Record<string, string>) => go(withFilters(params, filters)),
    turnTo: (cursor: string | null) => go(withCursor(params, cursor)),
  };
}

export type ListState<Row> = Omit<ReturnType<typeof useList>, "data"> & { data: ListPage<Row> | null };
