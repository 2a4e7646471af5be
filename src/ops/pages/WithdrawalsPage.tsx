import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { api, call } from "../api";
import { when } from "../i18n";
import { ReviewActions } from "../ReviewActions";
import { useLoad } from "../use-load";
import { StatusFilter } from "./RechargesPage";

interface Withdrawal {
  id: number;
  account: string;
  payout: { channel: string; bank: string; branch: string; number: string; holder: string } | null;
  amount: string;
  fee: string;
  actual: string;
  status: string;
  reason: string | null;
  time: number;
  needsTwoApprovals: boolean;
  firstApprovedBy: string | null;
}

function CopyField(props: { label: string; value: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-field">
      <span className="label">{props.label}</span> <code>{props.value || "—"}</code>{" "}
      {props.value && (
        <button
          type="button"
          aria-label={t`Copy ${props.label}`}
          onClick={() => void navigator.clipboard.writeText(props.value).then(() => setCopied(true))}
        >
          {copied ? t`Copied` : t`Copy`}
        </button>
      )}
    </div>
  );
}

export function WithdrawalsPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState("review");
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => call<Withdrawal[]>(api.withdrawals, { status }), [status]);
  return (
    <section>
      <h1>
        <Trans>Withdrawals</Trans>
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
              <Trans>Pay out to</Trans>
            </th>
            <th>
              <Trans>Amount · fee · net</Trans>
            </th>
            <th>
              <Trans>Submitted</Trans>
            </th>
            <th>
              <Trans>Decision</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => (
            <tr key={row.id} data-testid={`withdrawal-${row.id}`}>
              <td>{row.id}</td>
              <td>{row.account}</td>
              <td>
                {row.payout ? (
                  <>
                    <CopyField label={t`Bank`} value={row.payout.bank} />
                    <CopyField label={t`Branch`} value={row.payout.branch} />
                    <CopyField label={t`Card number`} value={row.payout.number} />
                    <CopyField label={t`Holder`} value={row.payout.holder} />
                    <span className="channel">{row.payout.channel}</span>
                  </>
                ) : (
                  t`Card removed`
                )}
              </td>
              <td className="amount">
                {row.amount} · {row.fee} · <strong>{row.actual}</strong>
                {row.needsTwoApprovals && (
                  <p className="two-person">
                    {row.firstApprovedBy ? t`First approval given; a different operator pays out` : t`Needs two approvals`}
                  </p>
                )}
              </td>
              <td>{when(row.time)}</td>
              <td>
                {row.status === "review" ? (
                  <ReviewActions
                    approveLabel={row.firstApprovedBy ? t`Second approval` : t`Approve`}
                    onDecide={(decision, reason) => call(api.reviewWithdrawal, { id: String(row.id), decision, reason })}
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
    </section>
  );
}
