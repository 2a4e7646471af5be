import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import type { DepositChannelForOps as Channel } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { DataTable } from "../DataTable";
import { EditButton } from "../EditButton";
import { formFields } from "../form-fields";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { TranslationRows } from "../TranslationRows";
import { useLoad } from "../use-load";
import { useRowEditor } from "../use-row-editor";
import { useSubmit } from "../use-submit";

// contract/wallet.ts CARD_TYPES, named here so the console ships no validator
const TYPES = ["bank", "alipay", "wechat", "crypto"] as const;
/** the contract takes a data URL of at most 80 000 characters: about 60 KB of image */
const MAX_QR_BYTES = 58_000;
/** contract/schemas/localized-texts.ts NAME_MAX and NOTE_MAX */
const NAME_MAX = 60;
const NOTE_MAX = 300;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read"));
    reader.readAsDataURL(file);
  });

/** Where customers send recharges: add, change, enable or disable a channel, with its QR image to scan. */
export function ChannelsPage() {
  const { t } = useLingui();
  const { data, error, reload } = useLoad(() => call(api.listChannels));
  const editor = useRowEditor(data, reload);
  return (
    <section>
      <h1>
        <Trans>Deposit channels</Trans>
      </h1>
      {error && <p className="error">{error}</p>}
      <DataTable
        rows={data}
        rowKey={(row) => row.id}
        testId={(row) => `channel-${row.id}`}
        rowClass={editor.rowClass}
        columns={[
          { head: "#", cell: (row) => row.id },
          { head: <Trans>Type</Trans>, cell: (row) => row.type },
          { head: <Trans>Name</Trans>, cell: (row) => row.name },
          { head: <Trans>Account or address</Trans>, cell: (row) => <code>{row.account}</code> },
          { head: <Trans>Note to customers</Trans>, cell: (row) => row.note },
          {
            head: <Trans>QR code</Trans>,
            cell: (row) => (row.qr ? <img className="qr" src={row.qr.url} alt={t`QR code of ${row.name}`} /> : "—"),
          },
          { head: <Trans>State</Trans>, cell: (row) => (row.enabled ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>) },
          { cell: (row) => <EditButton onClick={() => editor.toggle(row.id)} /> },
        ]}
      />
      <button type="button" onClick={editor.startNew}>
        <Trans>New channel</Trans>
      </button>
      {editor.open && <ChannelForm key={editor.key} channel={editor.row} onSaved={editor.saved} />}
    </section>
  );
}

function ChannelForm({ channel, onSaved }: { channel: Channel | null; onSaved: () => void }) {
  const { t } = useLingui();
  const save = useSubmit();
  const [qr, setQr] = useState<string | null>(null);
  const [qrProblem, setQrProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setQr(null);
    setQrProblem(null);
    if (!file) return;
    if (!["image/png", "image/jpeg", "image/webp"].includes(file.type))
      return setQrProblem(t`A QR code must be a PNG, JPEG or WebP image.`);
    if (file.size > MAX_QR_BYTES) return setQrProblem(t`The image is too large: at most 58 KB.`);
    setQr(await readAsDataUrl(file));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields: Record<string, string | undefined> = {
      ...formFields(event.currentTarget),
      id: channel ? String(channel.id) : undefined,
      enabled: form.get("enabled") ? "1" : "0",
      qr: qr ?? undefined,
      clearQr: !qr && form.get("clearQr") ? "1" : undefined,
    };
    void save.submit(() => call(api.setChannel, fields), t`Saved`).then((ok) => ok && onSaved());
  };
  return (
    <form className="panel channel-form" onSubmit={submit} aria-label={channel ? t`Edit channel ${channel.name}` : t`New channel`}>
      <h3>{channel ? t`Edit channel ${channel.name}` : t`New channel`}</h3>
      <label>
        <Trans>Type</Trans>
        <select name="type" defaultValue={channel?.type ?? "bank"}>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <FormRow label={t`Name`} name="name" defaultValue={channel?.name ?? ""} required maxLength={NAME_MAX} />
      <TranslationRows field="name" label={t`Name`} english={channel?.name ?? ""} texts={channel?.nameTexts} maxLength={NAME_MAX} />
      <FormRow label={t`Account or address`} name="account" defaultValue={channel?.account ?? ""} required maxLength={120} />
      <FormRow label={t`Note to customers`} name="note" defaultValue={channel?.note ?? ""} maxLength={NOTE_MAX} />
      <TranslationRows
        field="note"
        label={t`Note to customers`}
        english={channel?.note ?? ""}
        texts={channel?.noteTexts}
        maxLength={NOTE_MAX}
      />
      <label>
        <Trans>QR image (PNG, JPEG or WebP, at most 58 KB)</Trans>
        <input type="file" name="qrFile" accept="image/png,image/jpeg,image/webp" onChange={(e) => void pick(e.target.files?.[0])} />
      </label>
      {qrProblem && (
        <p role="alert" className="error">
          {qrProblem}
        </p>
      )}
      {(qr ?? channel?.qr?.url) && <img className="qr" src={qr ?? channel?.qr?.url} alt={t`QR code preview`} />}
      {channel?.qr && !qr && (
        <label className="inline">
          <input type="checkbox" name="clearQr" /> <Trans>Remove the QR code</Trans>
        </label>
      )}
      <label className="inline">
        <input type="checkbox" name="enabled" defaultChecked={channel?.enabled ?? true} /> <Trans>Enabled: customers see it</Trans>
      </label>
      <button type="submit" disabled={save.busy || qrProblem !== null}>
        <Trans>Save channel</Trans>
      </button>
      <FormStatus error={save.error} notice={save.notice} />
    </form>
  );
}
