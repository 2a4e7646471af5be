import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";

import { uploadFile } from "@/api/upload";
import { useAmountFormat, usePercentFormat } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { CopyRow } from "@/ui/CopyRow";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { showToast } from "@/ui/toast";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { RechargeInfo } from "#contract/recharge";

import { submitRecharge } from "./api";
import { SCREENSHOT_TYPES, screenshotProblem } from "./screenshot-check";

/** Top-up by transfer: pick a channel, transfer, upload the screenshot, submit for the operator's review. */
export function RechargePage({ info, offlineSince }: { info: RechargeInfo; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const percent = usePercentFormat();
  const online = useOnline();
  const [channelId, setChannelId] = useState(info.channels[0]?.id ?? 0);
  const [amount, setAmount] = useState("");
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { submit: send, busy } = useSubmit();
  const channel = info.channels.find((c) => c.id === channelId);
  const amountText = useAmountFormat();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // the same file picked again after a refusal must fire a change again
    event.target.value = "";
    if (!file) return;
    const refused = screenshotProblem(file);
    if (refused) {
      setProblem(
        refused === "too_large"
          ? t`This image is larger than 5 MB. Choose a smaller screenshot.`
          : t`Only PNG, JPEG or WebP images can be uploaded.`,
      );
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setScreenshot(null);
    setProgress(0);
    const answer = await uploadFile(file, setProgress);
    if (answer.code === 1) {
      setScreenshot(answer.data.url);
      setProgress(1);
    } else {
      setProblem(answer.msg);
      showToast(answer.msg, { tone: "error" });
      setProgress(null);
      setPreview(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send({ channelId, amount, screenshot: screenshot ?? "" }, submitRecharge, { navigate: { to: "/pages/user/rechargerecord" } });
  }

  return (
    <main className="page">
      <NavBar title={t`Recharge`} action={<Link to="/pages/user/rechargerecord" className="navbar-link">{t`Records`}</Link>} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <p className="notice" role="note">
        <Trans>Before each deposit, contact customer service to confirm the channel. Transfers are credited after review.</Trans>
        {info.notice && <span className="notice-extra"> {info.notice}</span>}
      </p>
      <fieldset className="options">
        <legend>{t`Payment channel`}</legend>
        {info.channels.map((c) => (
          <button key={c.id} type="button" className="chip" aria-pressed={c.id === channelId} onClick={() => setChannelId(c.id)}>
            {c.name}
          </button>
        ))}
      </fieldset>
      {channel && (
        <section className="channel-card" aria-label={t`Transfer to`}>
          <p className="record-sub">{i18n._(CARD_TYPE_NAMES[channel.type])}</p>
          <CopyRow value={channel.account} label={t`Copy the account`} testId="channel-account" />
          {channel.qr && <img src={channel.qr} alt={t`QR code of ${channel.name}`} width={180} height={180} />}
          {channel.note && <p className="record-sub">{channel.note}</p>}
        </section>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t`Amount`}
          hint={t`Minimum ${amountText(info.minAmount)} U`}
          inputMode="decimal"
          name="amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <div className="upload">
          <span className="field-label" id="screenshot-label">
            {t`Transfer screenshot`}
          </span>
          <label className={`upload-picker${online ? "" : " is-disabled"}`} htmlFor="screenshot" data-testid="upload-picker">
            {preview ? (
              <img className="upload-thumb" src={preview} alt={t`Screenshot preview`} />
            ) : (
              <span className="upload-plus" aria-hidden="true">
                +
              </span>
            )}
            <span className="upload-text">
              <strong>{preview ? t`Choose another image` : t`Choose an image`}</strong>
              <span className="record-sub">{t`PNG, JPEG or WebP, up to 5\u00a0MB`}</span>
              {progress !== null && (
                <span className="upload-percent" data-testid="upload-percent" aria-live="polite">
                  {screenshot ? t`Uploaded` : t`Uploading ${percent(progress, { decimals: 0 })}`}
                </span>
              )}
            </span>
            <input
              id="screenshot"
              className="visually-hidden"
              type="file"
              accept={SCREENSHOT_TYPES.join(",")}
              aria-labelledby="screenshot-label"
              disabled={!online}
              onChange={pick}
            />
          </label>
          {progress !== null && (
            <progress className="upload-progress" max={1} value={progress} aria-label={t`Upload progress`} data-testid="upload-progress">
              {percent(progress, { decimals: 0 })}
            </progress>
          )}
          {problem && (
            <p className="field-error" role="alert" data-testid="upload-problem">
              {problem}
            </p>
          )}
        </div>
        {!online && <NeedsConnection />}
        {online && !screenshot && progress === null && <p className="button-why">{t`Upload the transfer screenshot to submit.`}</p>}
        <button type="submit" className="button button-primary" disabled={busy || !online || !screenshot}>
          {t`Submit`}
        </button>
      </form>
    </main>
  );
}
