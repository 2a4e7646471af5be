import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { api, call } from "../api";
import { CONTENT_KINDS, type ContentKindName, useKindLabel } from "../content-kinds";
import { ContentEditor } from "../ContentEditor";
import { DataTable } from "../DataTable";
import { EditButton } from "../EditButton";
import { when } from "../i18n";
import { Pager } from "../Pager";
import { useLoad } from "../use-load";

/** Banners, notices, news, company pages and activities: the list, 20 a page, and the editor of one item. */
export function ContentPage() {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  const [kind, setKind] = useState<ContentKindName | "">("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ item: string; kind: ContentKindName; isNew: boolean } | null>(null);
  const { data, error, reload } = useLoad(() => call(api.listContentItems, { kind: kind || undefined, page: String(page) }), [kind, page]);
  const startNew = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setOpen({ item: String(form.get("item") ?? "").trim(), kind: String(form.get("kind")) as ContentKindName, isNew: true });
  };
  if (open)
    return (
      <ContentEditor
        key={open.item}
        item={open.item}
        kind={open.kind}
        isNew={open.isNew}
        onClose={() => {
          setOpen(null);
          reload();
        }}
      />
    );
  return (
    <section>
      <h1>
        <Trans>Content</Trans>
      </h1>
      <div className="toolbar">
        <label className="filter">
          <Trans>Kind</Trans>{" "}
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ContentKindName | "");
              setPage(1);
            }}
          >
            <option value="">{t`All`}</option>
            {CONTENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <form className="search" onSubmit={startNew} aria-label={t`New item`}>
          <input name="item" aria-label={t`New item key`} placeholder={t`new-item-key (a-z, 0-9, -)`} pattern="[a-z0-9\-]{1,60}" required />
          <select name="kind" aria-label={t`Kind of the new item`} defaultValue="notice">
            {CONTENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
          <button type="submit">
            <Trans>New item</Trans>
          </button>
        </form>
      </div>
      {error && <p className="error">{error}</p>}
      <DataTable
        rows={data?.items}
        rowKey={(row) => row.item}
        testId={(row) => `content-${row.item}`}
        columns={[
          { head: <Trans>Item</Trans>, cell: (row) => <code>{row.item}</code> },
          { head: <Trans>Kind</Trans>, cell: (row) => (row.kind ? kindLabel(row.kind) : "—") },
          { head: <Trans>Title (English)</Trans>, cell: (row) => row.title },
          {
            head: <Trans>Languages</Trans>,
            cell: (row) =>
              row.languages.map((language) => (
                <span
                  key={language.lang}
                  className={language.published ? "chip published" : "chip draft"}
                  title={language.published ? t`Published` : t`Draft`}
                >
                  {language.lang}
                </span>
              )),
          },
          { head: <Trans>Last change</Trans>, cell: (row) => when(row.updatedAt) },
          {
            cell: (row) => (
              <EditButton disabled={!row.kind} onClick={() => row.kind && setOpen({ item: row.item, kind: row.kind, isNew: false })} />
            ),
          },
        ]}
      />
      {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} />}
    </section>
  );
}
