import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { api, call } from "../api";
import { when } from "../i18n";
import { useLoad } from "../use-load";

const PAGE = 50;

/**
 * There is no SMS gateway yet: the verification codes the server generated wait here for support to read to
 * the customer, newest first, 50 a page, all phones or one.
 */
export function SmsPage() {
  const { t } = useLingui();
  const [phone, setPhone] = useState<string | undefined>(undefined);
  // the first id of each page shown so far, to go back; the last row's id pages on
  const [pages, setPages] = useState<Array<string | undefined>>([undefined]);
  const beforeId = pages.at(-1);
  const { data, error, reload } = useLoad(() => call(api.smsOutbox, { phone, beforeId }), [phone, beforeId]);
  const now = Math.floor(Date.now() / 1000);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPhone(String(new FormData(event.currentTarget).get("phone") ?? "").trim() || undefined);
    setPages([undefined]);
  };
  return (
    <section>
      <h1>
        <Trans>SMS outbox</Trans>
      </h1>
      <p className="hint">
        <Trans>No SMS gateway is connected: these are the codes customers asked for. Read a code only to its owner.</Trans>
      </p>
      <form className="search" onSubmit={search}>
        <input name="phone" aria-label={t`Phone`} placeholder={t`Phone (empty: all)`} inputMode="tel" />
        <button type="submit">
          <Trans>Filter</Trans>
        </button>
        <button type="button" onClick={reload}>
          <Trans>Refresh</Trans>
        </button>
      </form>
      {error && <p className="error">{error}</p>}
      <table className="sms">
        <thead>
          <tr>
            <th>
              <Trans>Sent</Trans>
            </th>
            <th>
              <Trans>Phone</Trans>
            </th>
            <th>
              <Trans>Code</Trans>
            </th>
            <th>
              <Trans>State</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => (
            <tr key={row.id} data-testid={`sms-${row.id}`}>
              <td>{when(row.time)}</td>
              <td>{row.phone}</td>
              <td>
                <code className="code">{row.code}</code>
              </td>
              <td>
                {row.used !== null ? (
                  <Trans>Used {when(row.used)}</Trans>
                ) : row.expiresAt < now ? (
                  <Trans>Expired</Trans>
                ) : (
                  <Trans>Valid until {when(row.expiresAt)}</Trans>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>
          <Trans>Newer</Trans>
        </button>
        <button
          type="button"
          disabled={!data || data.length < PAGE}
          onClick={() => data && setPages([...pages, String(data[data.length - 1]!.id)])}
        >
          <Trans>Older</Trans>
        </button>
      </div>
    </section>
  );
}
