import "./chat.css";

import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";

import { uploadFile } from "@/api/upload";
import { formatDateTime } from "@/i18n/format";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { showToast } from "@/ui/toast";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import { SUPPORT_TEXT_MAX, type SupportLine } from "#contract/support-chat";

import { sendSupportLine } from "./chat-api";
import { ChatImage } from "./ChatImage";
import { useSupportThread } from "./use-support-thread";

/** A record of the customer's that support linked: opened on its own page. */
function RecordLink({ record }: { record: NonNullable<SupportLine["record"]> }) {
  const { t } = useLingui();
  if (record.kind === "order")
    return (
      <Link to="/pages/user/orderdetail" search={{ id: record.id }}>
        {t`Order #${record.id}`}
      </Link>
    );
  if (record.kind === "recharge") return <Link to="/pages/user/rechargerecord">{t`Recharge #${record.id}`}</Link>;
  return <Link to="/pages/user/cashrecord">{t`Withdrawal #${record.id}`}</Link>;
}

/**
 * The customer's chat with support, at the top of the customer-service page: the thread as it arrives, a line
 * written (kept on the device until the server has it, so one written offline goes once the device is back
 * online), and a picture sent through the upload path, whose checks it passes like a recharge screenshot.
 */
export function SupportChat({ userId }: { userId: number }) {
  const { t } = useLingui();
  const online = useOnline();
  const thread = useSupportThread(userId);
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState(false);
  const { submit } = useSubmit();
  const end = useRef<HTMLLIElement>(null);
  const count = thread.lines.length + thread.pending.length;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line) return;
    setText("");
    await thread.write(line);
  };

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, () => {});
      if (uploaded.code !== 1) {
        showToast(uploaded.msg, { tone: "error" });
        return;
      }
      const image = uploaded.data.url;
      await submit({ image }, sendSupportLine, {
        toast: false,
        onSuccess: thread.add,
        onRefusal: (answer) => showToast(answer.msg, { tone: "error" }),
      });
    } finally {
      setUploading(false);
    }
  };

  const waiting = thread.pending.length;
  const offlineSince = thread.offlineSince ?? (online ? undefined : Math.floor(Date.now() / 1000));
  return (
    <section className="chat" aria-label={t`Chat with customer service`} data-testid="support-chat">
      {offlineSince !== undefined && (
        <OfflineBanner
          since={offlineSince}
          waiting={
            waiting > 0 ? plural(waiting, { one: "# message waiting to be sent", other: "# messages waiting to be sent" }) : undefined
          }
        />
      )}
      <ul className="chat-lines" aria-live="polite" data-testid="chat-lines">
        {thread.lines.length === 0 && waiting === 0 && (
          <li className="record-sub">{t`Write to us here: customer service answers in this chat.`}</li>
        )}
        {thread.lines.map((line) => (
          <li key={line.id} className="chat-line" data-author={line.author} data-testid="chat-line">
            {line.text}
            {line.image && <ChatImage src={line.image} />}
            {line.record && <RecordLink record={line.record} />}
            <span className="chat-meta">
              {line.author === "operator" ? `${line.operatorName ?? t`Customer service`} · ` : ""}
              {formatDateTime(line.time)}
            </span>
          </li>
        ))}
        {thread.pending.map((line) => (
          <li key={line.requestId} className="chat-line" data-author="customer" data-pending="true" data-testid="chat-pending">
            {line.text}
            <span className="chat-meta">{t`Waiting to be sent`}</span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ul>
      <form className="chat-form" onSubmit={(event) => void onSend(event)}>
        <textarea
          className="field-input"
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          aria-label={t`Message to customer service`}
          placeholder={t`Write a message`}
          data-testid="chat-input"
        />
        <label className="button button-small chat-picture" aria-disabled={!online || uploading}>
          {t`Picture`}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={!online || uploading}
            onChange={(event) => {
              void onPicture(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        <button type="submit" className="button button-primary button-small" disabled={!text.trim()} data-testid="chat-send">
          {t`Send`}
        </button>
      </form>
    </section>
  );
}
