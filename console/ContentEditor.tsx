import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { LANGUAGE_CODES, type LanguageCode, NATIVE_NAMES } from "#contract/languages";

import { api, call, ConsoleError } from "./api";
import { type ContentKindName, useKindLabel } from "./content-kinds";
import { CustomerPreview } from "./CustomerPreview";
import { FormStatus } from "./FormStatus";
import { useLoad } from "./use-load";
import { useSubmit } from "./use-submit";

interface Draft {
  title: string;
  summary: string;
  body: string;
}

const EMPTY: Draft = { title: "", summary: "", body: "" };

/**
 * One item in all ten languages: a tab per language, English shown where a language has no text of its own
 * (readers of that language get English), and the customer's view of the tab beside it. Each language is
 * saved as a draft or published on its own; the whole item can be published or taken down at once.
 */
export function ContentEditor(props: { item: string; kind: ContentKindName; isNew: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  const [lang, setLang] = useState<LanguageCode>("en");
  const [drafts, setDrafts] = useState<Partial<Record<LanguageCode, Draft>>>({});
  const save = useSubmit();
  const whole = useSubmit();
  const { data, error, reload } = useLoad(
    () =>
      call(api.contentItem, { item: props.item }).catch((failure: unknown) => {
        // a new item has no row yet
        if (props.isNew && failure instanceof ConsoleError && failure.key === "content_not_found")
          return { item: props.item, kind: props.kind, time: Math.floor(Date.now() / 1000), languages: [] };
        throw failure;
      }),
    [props.item],
  );
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const saved = (code: string) => data.languages.find((language) => language.lang === code);
  const english = saved("en");
  const draft: Draft = drafts[lang] ?? saved(lang) ?? EMPTY;
  const edit = (change: Partial<Draft>) => setDrafts({ ...drafts, [lang]: { ...draft, ...change } });
  const current = saved(lang);
  const hasOwnText = draft.title.trim() !== "";
  // what a reader of this language sees: its own text, else English
  const shown = hasOwnText ? draft : (drafts.en ?? english ?? EMPTY);
  const send = (published: boolean) =>
    void save
      .submit(
        () => call(api.publishContent, { item: props.item, kind: data.kind, lang, ...draft, published: published ? "1" : "0" }),
        published ? t`Published in ${NATIVE_NAMES[lang]}` : t`Saved as a draft in ${NATIVE_NAMES[lang]}`,
      )
      .then((ok) => {
        if (!ok) return;
        const { [lang]: _done, ...rest } = drafts;
        setDrafts(rest);
        reload();
      });
  const publishAll = (published: boolean, only?: LanguageCode) =>
    void whole
      .submit(
        () => call(api.setContentPublished, { item: props.item, published: published ? "1" : "0", lang: only }),
        published ? t`Published` : t`Unpublished`,
      )
      .then((ok) => ok && reload());
  return (
    <section className="content-editor">
      <button type="button" onClick={props.onClose}>
        <Trans>Back to the list</Trans>
      </button>
      <h1>
        {kindLabel(data.kind)} <code>{props.item}</code>
      </h1>
      <div className="toolbar">
        <button type="button" disabled={whole.busy || data.languages.length === 0} onClick={() => publishAll(true)}>
          <Trans>Publish every language</Trans>
        </button>
        <button type="button" className="reject" disabled={whole.busy || data.languages.length === 0} onClick={() => publishAll(false)}>
          <Trans>Unpublish the item</Trans>
        </button>
        <FormStatus error={whole.error} notice={whole.notice} />
      </div>
      <div role="tablist" aria-label={t`Languages`} className="tabs">
        {LANGUAGE_CODES.map((code) => {
          const row = saved(code);
          const state = drafts[code] ? t`unsaved` : !row ? t`English shown` : row.published ? t`published` : t`draft`;
          return (
            <button
              key={code}
              type="button"
              role="tab"
              id={`tab-${code}`}
              aria-selected={code === lang}
              aria-controls="language-panel"
              className={row ? (row.published ? "published" : "draft") : "missing"}
              onClick={() => setLang(code)}
              title={state}
            >
              {NATIVE_NAMES[code]}
            </button>
          );
        })}
      </div>
      <div className="editor-columns">
        <div role="tabpanel" id="language-panel" aria-labelledby={`tab-${lang}`} className="panel">
          <p className="hint">
            {current
              ? current.published
                ? t`Published: readers in ${NATIVE_NAMES[lang]} see this text.`
                : english?.published && lang !== "en"
                  ? t`Draft: readers in ${NATIVE_NAMES[lang]} do not see it; they see English.`
                  : t`Draft: readers in ${NATIVE_NAMES[lang]} do not see it.`
              : lang === "en"
                ? t`No English text yet: English is what every language without its own text shows.`
                : t`No ${NATIVE_NAMES[lang]} text yet: readers in ${NATIVE_NAMES[lang]} see English.`}
          </p>
          <label>
            <Trans>Title</Trans>
            <input
              value={draft.title}
              onChange={(e) => edit({ title: e.target.value })}
              placeholder={lang === "en" ? "" : english?.title}
              maxLength={200}
            />
          </label>
          <label>
            <Trans>Summary</Trans>
            <textarea
              value={draft.summary}
              onChange={(e) => edit({ summary: e.target.value })}
              placeholder={lang === "en" ? "" : english?.summary}
              maxLength={300}
              rows={2}
            />
          </label>
          <label>
            <Trans>Body (HTML: p, h2–h4, strong, em, lists, links, images)</Trans>
            <textarea
              value={draft.body}
              onChange={(e) => edit({ body: e.target.value })}
              placeholder={lang === "en" ? "" : english?.body}
              maxLength={20_000}
              rows={14}
            />
          </label>
          {lang !== "en" && english && !hasOwnText && (
            <details>
              <summary>
                <Trans>English text (shown to these readers now)</Trans>
              </summary>
              <p>
                <strong>{english.title}</strong>
              </p>
              <p>{english.summary}</p>
              <button type="button" onClick={() => edit({ title: english.title, summary: english.summary, body: english.body })}>
                <Trans>Start from the English text</Trans>
              </button>
            </details>
          )}
          <div className="toolbar">
            <button type="button" className="approve" disabled={save.busy || !hasOwnText} onClick={() => send(true)}>
              <Trans>Save and publish</Trans>
            </button>
            <button type="button" disabled={save.busy || !hasOwnText} onClick={() => send(false)}>
              <Trans>Save as draft</Trans>
            </button>
            {current?.published && (
              <button type="button" className="reject" disabled={whole.busy} onClick={() => publishAll(false, lang)}>
                <Trans>Unpublish this language</Trans>
              </button>
            )}
          </div>
          <FormStatus error={save.error} notice={save.notice} />
        </div>
        <figure className="preview">
          <figcaption>{hasOwnText ? <Trans>As customers see it</Trans> : <Trans>As customers see it (English fallback)</Trans>}</figcaption>
          <CustomerPreview
            language={hasOwnText ? lang : "en"}
            label={t`Customer preview`}
            content={{ id: props.item, kind: data.kind, time: data.time, title: shown.title, summary: shown.summary, body: shown.body }}
          />
        </figure>
      </div>
    </section>
  );
}
