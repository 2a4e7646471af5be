import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { api, call } from "../api";
import { ReviewActions } from "../ReviewActions";
import { useLoad } from "../use-load";

interface Verification {
  id: number;
  account: string;
  name: string;
  idNumber: string;
}

export function VerificationsPage() {
  const { t } = useLingui();
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => call<Verification[]>(api.verifications));
  return (
    <section>
      <h1>
        <Trans>Real-name requests</Trans>
      </h1>
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
              <Trans>Name</Trans>
            </th>
            <th>
              <Trans>ID number</Trans>
            </th>
            <th>
              <Trans>Decision</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.account}</td>
              <td>{row.name}</td>
              <td>
                <code>{row.idNumber}</code>
              </td>
              <td>
                <ReviewActions
                  approveLabel={t`Pass`}
                  rejectLabel={t`Refuse`}
                  onDecide={(decision, reason) =>
                    call(api.reviewVerification, { id: String(row.id), decision: decision === "approve" ? "pass" : "refuse", reason })
                  }
                  onDone={(message) => {
                    setNotice(`#${row.id}: ${message}`);
                    reload();
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
