import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { syncPushSubscription } from "@/ui/push-subscription";
import { askNoticePermission, type NoticePermission, noticePermission, readResultNotices, writeResultNotices } from "@/ui/result-notices";

import { MenuSwitch } from "./MenuSwitch";
import { ResultNoticeIcon } from "./MineIcons";

/**
 * Mine's opt-in to order results as system notifications. Turning it on asks the browser (this tap is the user
 * gesture browsers require); a refusal is explained, and the switch stays off.
 */
export function ResultNoticeSwitch({ userId }: { userId: number }) {
  const { t } = useLingui();
  const [permission, setPermission] = useState<NoticePermission>(noticePermission);
  const [on, setOn] = useState(() => readResultNotices(userId) && permission === "granted");
  // set once the browser was asked and said no (or the prompt was closed)
  const [refused, setRefused] = useState(false);

  // an opt-in made before push, on the trade screen's offer, or under a key since rotated: the device's
  // subscription on the server is made or renewed once per visit (the permission is granted, nobody is asked)
  useEffect(() => {
    if (on) void syncPushSubscription(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, with the state it opened with
  }, []);

  async function change(wanted: boolean) {
    if (!wanted) {
      setOn(false);
      writeResultNotices(userId, false);
      return;
    }
    const answer = permission === "granted" ? permission : await askNoticePermission();
    setPermission(answer);
    setRefused(answer !== "granted");
    setOn(answer === "granted");
    writeResultNotices(userId, answer === "granted");
  }

  const hint =
    permission === "unsupported"
      ? t`This browser cannot show notifications.`
      : permission === "denied"
        ? t`Notifications are blocked for this site. Allow them in the browser's site settings, then turn this on.`
        : refused
          ? t`Notifications were not allowed. Turn this on again to be asked again.`
          : t`A notice when an order settles while the app is in the background.`;
  return (
    <MenuSwitch
      testId="result-notices"
      icon={<ResultNoticeIcon />}
      label={t`Order result notifications`}
      hint={hint}
      hintTestId="result-notices-hint"
      checked={on}
      disabled={permission === "unsupported" || permission === "denied"}
      onChange={(checked) => void change(checked)}
    />
  );
}
