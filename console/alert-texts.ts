import { msg } from "@lingui/core/macro";

import type { OpsAlert } from "#contract/alerts";

import { i18n, money, when } from "./i18n";

const KIND_LABELS = {
  large_win: msg`Large win`,
  stale_feed: msg`Stale feed`,
  queue_old: msg`Waiting too long`,
};

export const alertKindLabel = (alert: OpsAlert) => i18n._(KIND_LABELS[alert.kind]);

/** One line saying what the alert is about, from its details. */
export function alertText(alert: OpsAlert): string {
  const d = alert.details;
  switch (alert.kind) {
    case "large_win":
      return i18n._(
        msg`${String(d.account)} won ${money(String(d.win))} on ${String(d.product)} (stake ${money(String(d.stake))}, ${alert.subject})`,
      );
    case "stale_feed":
      return typeof d.lastTick === "number"
        ? i18n._(msg`${String(d.product)}: no price since ${when(d.lastTick)} while its market is open`)
        : i18n._(msg`${String(d.product)}: no price yet while its market is open`);
    case "queue_old":
      return i18n._(msg`${alert.subject} of ${String(d.account)} waiting since ${when(Number(d.waitingSince))}`);
  }
}
