import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ListPage } from "#contract/lists";
import { opsPaths } from "#contract/ops-paths";

import type { Column } from "../../console/DataTable";
import { FilterBar, type FilterField } from "../../console/FilterBar";
import { exportHref, parseSearchText, readListParams, searchText, withCursor, withFilters, withSort } from "../../console/list-params";
import { ListPager } from "../../console/ListPager";
import { ListView } from "../../console/ListView";
import { useList } from "../../console/use-list";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("a list's view in the URL", () => {
  it("reads only the list's own fields, never an empty one", () => {
    expect(readListParams({ status: "all", since: "", evil: "x", cursor: "abc", minAmount: 10 }, ["status", "since", "minAmount"])).toEqual(
      {
        status: "all",
        cursor: "abc",
      },
    );
  });

  it("new filters keep the sort and start again from the first page", () => {
    const current = { status: "review", sort: "amount", order: "asc", cursor: "abc" };
    expect(withFilters(current, { status: "all", since: "2026-11-01", q: " " })).toEqual({
      status: "all",
      since: "2026-11-01",
      sort: "amount",
      order: "asc",
    });
  });

  it("a heading sorts by its column, largest first, and a second click turns the order; the default column is left out", () => {
    const once = withSort({ status: "all", cursor: "abc" }, "amount", "time");
    expect(once).toEqual({ status: "all", sort: "amount" });
    expect(withSort(once, "amount", "time")).toEqual({ status: "all", sort: "amount", order: "asc" });
    expect(withSort({ sort: "amount", order: "asc" }, "time", "time")).toEqual({});
    expect(withSort({}, "time", "time")).toEqual({ order: "asc" });
  });

  it("a page changes only the cursor; the export leaves it out", () => {
    expect(withCursor({ status: "all" }, "next1")).toEqual({ status: "all", cursor: "next1" });
    expect(withCursor({ status: "all", cursor: "next1" }, null)).toEqual({ status: "all" });
    expect(exportHref("/api/ops/withdrawals/csv", { status: "all", since: "2026-11-01", cursor: "next1" })).toBe(
      "/api/ops/withdrawals/csv?status=all&since=2026-11-01",
    );
    expect(exportHref("/api/ops/withdrawals/csv", {})).toBe("/api/ops/withdrawals/csv");
  });

  it("writes and reads the search as plain text, so amounts and dates come back as typed", () => {
    const text = searchText({ minAmount: "10", since: "2026-11-01", q: "a&b=c", empty: "" });
    expect(text).toBe("?minAmount=10&since=2026-11-01&q=a%26b%3Dc");
    expect(parseSearchText(text)).toEqual({ minAmount: "10", since: "2026-11-01", q: "a&b=c" });
    expect(searchText({})).toBe("");
  });
});

let host: HTMLElement | null = null;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.unstubAllGlobals();
});

async function mount(element: React.ReactElement) {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<I18nProvider i18n={i18n}>{element}</I18nProvider>));
  return host;
}

const FIELDS: FilterField[] = [
  {
    name: "status",
    label: "Status",
    kind: "select",
    options: [
      { value: "review", label: "Waiting" },
      { value: "all", label: "All" },
    ],
  },
  { name: "since", label: "From", kind: "date" },
  { name: "minAmount", label: "Amount from", kind: "amount" },
  { name: "q", label: "Search", kind: "text" },
];

const field = (page: HTMLElement, name: string) => page.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!;

describe("the filter bar", () => {
  it("shows the view it was given and hands over what is filled in, leaving out what is empty", async () => {
    const applied = vi.fn();
    const page = await mount(<FilterBar fields={FIELDS} values={{ status: "all", since: "2026-11-01" }} onApply={applied} />);
    expect(field(page, "status").value).toBe("all");
    expect(field(page, "since").value).toBe("2026-11-01");
    expect(field(page, "minAmount").value).toBe("");
    expect(page.querySelector("label")?.textContent).toContain("Status");
    field(page, "minAmount").value = "12.50";
    field(page, "q").value = "  ann ";
    await act(async () => page.querySelector<HTMLButtonElement>("button[type=submit]")!.click());
    expect(applied).toHaveBeenLastCalledWith({ status: "all", since: "2026-11-01", minAmount: "12.50", q: "ann" });
    await act(async () => page.querySelector<HTMLButtonElement>("button[type=button]")!.click());
    expect(applied).toHaveBeenLastCalledWith({});
  });
});

describe("a console list page", () => {
  const page = (over: Partial<ListPage<{ id: number; amount: string }>>): ListPage<{ id: number; amount: string }> => ({
    items: [{ id: 3, amount: "30.00" }],
    total: 120,
    totalCapped: false,
    next: "n1",
    previous: null,
    ...over,
  });

  type Row = { id: number; amount: string };
  const columns: Column<Row>[] = [
    { head: "#", cell: (row) => row.id },
    { head: "Amount", cell: (row) => row.amount, sort: "amount" },
  ];

  function Withdrawals() {
    const list = useList(opsPaths.listWithdrawals, ["status", "since", "minAmount", "q"]);
    return <ListView list={list as never} filters={FIELDS} columns={columns} exportPath={opsPaths.exportWithdrawals} />;
  }

  it("loads the view in the URL, and writes filters, sorting and pages back into it", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        asked.push(request.url);
        const cursor = new URL(request.url).searchParams.get("cursor");
        const data = cursor ? page({ items: [{ id: 2, amount: "20.00" }], next: null, previous: "p1" }) : page({});
        return new Response(JSON.stringify({ code: 1, msg: "", data }));
      }),
    );
    const rootRoute = createRootRoute({ component: Outlet });
    const route = createRoute({ getParentRoute: () => rootRoute, path: "/withdrawals", component: Withdrawals });
    const router = createRouter({
      routeTree: rootRoute.addChildren([route]),
      history: createMemoryHistory({ initialEntries: ["/withdrawals?status=all&since=2026-11-01"] }),
      parseSearch: parseSearchText,
      stringifySearch: searchText,
    });
    const view = await mount(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(view.querySelector("tbody td")?.textContent).toBe("3"));
    const query = () => new URL(asked.at(-1)!).searchParams;
    expect(Object.fromEntries(query())).toEqual({ status: "all", since: "2026-11-01" });
    expect(view.querySelector("[role=status]")?.textContent).toBe("120 rows");
    expect(view.querySelector<HTMLAnchorElement>("a[download]")!.getAttribute("href")).toBe(
      "/api/ops/withdrawals/csv?status=all&since=2026-11-01",
    );

    // the next page: its cursor goes into the URL, and the request carries it with the same filters
    await act(async () => [...view.querySelectorAll("button")].find((button) => button.textContent === "Next")!.click());
    await vi.waitFor(() => expect(view.querySelector("tbody td")?.textContent).toBe("2"));
    expect(router.state.location.searchStr).toBe("?status=all&since=2026-11-01&cursor=n1");
    expect(Object.fromEntries(query())).toEqual({ status: "all", since: "2026-11-01", cursor: "n1" });

    // a sort by amount starts from the first page again
    await act(async () => view.querySelector<HTMLButtonElement>("th button.sort")!.click());
    await vi.waitFor(() => expect(router.state.location.searchStr).toBe("?status=all&since=2026-11-01&sort=amount"));
    expect(view.querySelector("th[aria-sort]")?.getAttribute("aria-sort")).toBe("descending");

    // filters from the bar replace the old ones, keep the sort, and are what the server is asked
    field(view, "minAmount").value = "10";
    field(view, "since").value = "";
    await act(async () => view.querySelector<HTMLButtonElement>("button[type=submit]")!.click());
    await vi.waitFor(() => expect(Object.fromEntries(query())).toEqual({ status: "all", minAmount: "10", sort: "amount" }));
    expect(router.state.location.searchStr).toBe("?sort=amount&status=all&minAmount=10");
  });
});

describe("the pager's count", () => {
  it("says 1 row, not 1 rows, and writes the count with the language's digit grouping", async () => {
    const said = async (total: number, totalCapped: boolean) => {
      const view = await mount(<ListPager total={total} totalCapped={totalCapped} previous={null} next={null} onPage={() => undefined} />);
      const text = view.querySelector("[role=status]")?.textContent;
      act(() => root!.unmount());
      host!.remove();
      [root, host] = [null, null];
      return text;
    };
    expect(await said(1, false)).toBe("1 row");
    expect(await said(0, false)).toBe("0 rows");
    expect(await said(12_345, false)).toBe("12,345 rows");
    expect(await said(1, true)).toBe("At least 1 row");
    expect(await said(10_000, true)).toBe("At least 10,000 rows");
  });
});
