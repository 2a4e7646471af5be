import { useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { useRelativeTimeFormat } from "@/ui/time-format";
import { useSubmit } from "@/ui/use-submit";
import { SMS_RESEND_SECONDS } from "#contract/constants";

import { sendSmsCode } from "./api";
import { useCountdown } from "./use-countdown";

/**
 * Sends the verification code, then counts 60 s down before it can be sent again. `request` is the registration's
 * code by default; the forgotten-password page asks for a reset code instead.
 */
export function SmsButton({ phone, request = sendSmsCode }: { phone: string; request?: (phone: string) => Promise<unknown> }) {
  const { t } = useLingui();
  const [until, setUntil] = useState(0);
  const { send: post, busy } = useSubmit();
  const left = useCountdown(until);
  const relative = useRelativeTimeFormat();
  const when = relative(left);

  async function send() {
    await post(() => request(phone.trim()) as ReturnType<typeof sendSmsCode>, {
      onSuccess: () => setUntil(Date.now() + SMS_RESEND_SECONDS * 1000),
    });
  }

  return (
    <button type="button" className="button button-inline" onClick={send} disabled={busy || left > 0}>
      {left > 0 ? t`Resend ${when}` : t`Send code`}
    </button>
  );
}
