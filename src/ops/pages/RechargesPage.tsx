import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { api, call } from "../api";
import { when } from "../i18n";
import { ReviewActions } from "../ReviewActions";
import { useLoad } from "../use-load";

interface Recharge {
  id: number;
  account: string;
  amount: string;
  channel: { type: string; name: string; account: string } | null;
  screenshotUrl: string;
  status: string;
  reason: string | null;
  time: number;
}

export function RechargesPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState("review");
  const [shown, setShown] = useState<Recharge | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => call<Recharge[]>(api.recharges, { status }), [status]);
  return (
    <section>
      <h1>
        <Trans>Recharges</Trans>
      </h1>
      <StatusFilter value={status} onChange={setStatus} />
      {notice && <p role="status">{notice}</p>}
      {error && <p className="error">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>
              <Trans>Account</Trans>
            </th>
            <th>
              <Trans>Amount</Trans>
            </th>
            <th>
              <Trans>Channel</Trans>
            </th>
            <th>
              <Trans>Submitted</Trans>
            </th>
            <th>
              <Trans>Screenshot</Trans>
            </th>
            <th>
              <Trans>Decision</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => (
            <tr key={row.id} data-testid={`recharge-${row.id}`}>
              <td>{row.id}</td>
              <td>{row.account}</td>
              <td className="amount">{row.amount}</td>
              <td>{row.channel ? `${row.channel.name} (${row.channel.type})` : "—"}</td>
              <td>{when(row.time)}</td>
              <td>
                <button type="button" onClick={() => setShown(row)}>
                  <Trans>Open screenshot</Trans>
                </button>
              </td>
              <td>
                {row.status === "review" ? (
                  <ReviewActions
                    onDecide={(decision, reason) => call(api.reviewRecharge, { id: String(row.id), decision, reason })}
                    onDone={(message) => {
                      setNotice(`#${row.id}: ${message}`);
                      reload();
                    }}
                  />
                ) : (
                  <span>
                    {row.status}
                    {row.reason ? ` — ${row.reason}` : ""}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown && (
        <div className="viewer" role="dialog" aria-label={t`Screenshot of recharge #${shown.id}`}>
          <img src={shown.screenshotUrl} alt={t`Transfer screenshot for ${shown.amount} from ${shown.account}`} />
          <button type="button" onClick={() => setShown(null)}>
            <Trans>Close</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

export function StatusFilter(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <label className="filter">
      <Trans>Show</Trans>{" "}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)} aria-label={t`Status`}>
        <option value="review">{t`Waiting for review`}</option>
        <option value="success">{t`Approved`}</option>
        <option value="failed">{t`Rejected`}</option>
        <option value="all">{t`All`}</option>
      </select>
    </label>
  );
}
