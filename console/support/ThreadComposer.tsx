import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { CustomerDetail } from "#contract/ops-answers";
import { SUPPORT_TEXT_MAX, type SupportCanned, supportDeskPaths } from "#contract/support-chat";

import { call } from "../api";
import { FormStatus } from "../FormStatus";
import { useSubmit } from "../use-submit";

/**
 * What an operator writes in a thread: a reply the customer reads (a canned reply in the customer's language
 * fills it, to be edited before it goes), an internal note only operators read, and a recharge of the customer's
 * attached for matching (a line that links the record).
 */
export function ThreadComposer(props: {
  userId: number;
  canned: SupportCanned[];
  recharges: CustomerDetail["recharges"];
  onSent: () => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [recharge, setRecharge] = useState("");
  const submission = useSubmit();
  const userId = String(props.userId);

  const reply = async () => {
    const ok = await submission.submit(
      () =>
        call(supportDeskPaths.supportReply, {
          userId,
          text: text.trim() || undefined,
          ...(recharge ? { recordKind: "recharge", recordId: recharge } : {}),
        }),
      t`Sent to the customer.`,
    );
    if (ok) {
      setText("");
      setRecharge("");
      props.onSent();
    }
  };
  const note = async () => {
    const ok = await submission.submit(
      () => call(supportDeskPaths.supportNote, { userId, text, ...(recharge ? { recordKind: "recharge", recordId: recharge } : {}) }),
      t`Note kept: the customer does not see it.`,
    );
    if (ok) {
      setText("");
      setRecharge("");
      props.onSent();
    }
  };

  return (
    <form className="support-composer" onSubmit={(event) => (event.preventDefault(), void reply())}>
      {props.canned.length > 0 && (
        <label>
          <span>
            <Trans>Canned reply</Trans>
          </span>
          <select
            value=""
            data-testid="support-canned"
            onChange={(event) => {
              const picked = props.canned.find((canned) => String(canned.id) === event.target.value);
              if (picked) setText(picked.text);
            }}
          >
            <option value="">{t`Choose one to fill the reply`}</option>
            {props.canned.map((canned) => (
              <option key={canned.id} value={canned.id}>
                {canned.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span>
          <Trans>Message</Trans>
        </span>
        <textarea
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          rows={4}
          onChange={(event) => setText(event.target.value)}
          data-testid="support-text"
        />
      </label>
      <label>
        <span>
          <Trans>Attach a recharge</Trans>
        </span>
        <select value={recharge} onChange={(event) => setRecharge(event.target.value)} data-testid="support-attach">
          <option value="">{t`None`}</option>
          {props.recharges.map((row) => (
            <option key={row.id} value={row.id}>
              #{row.id} · {row.amount} U · {row.status}
            </option>
          ))}
        </select>
      </label>
      <p className="actions">
        <button type="submit" disabled={submission.busy || (!text.trim() && !recharge)} data-testid="support-reply">
          <Trans>Reply to the customer</Trans>
        </button>
        <button type="button" disabled={submission.busy || !text.trim()} onClick={() => void note()} data-testid="support-add-note">
          <Trans>Add an internal note</Trans>
        </button>
      </p>
      <FormStatus error={submission.error} notice={submission.notice} />
    </form>
  );
}
