import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

import type { RiskLabel } from "#contract/customers";

/** The risk labels' names in the console's languages. */
export const riskLabelNames: Record<RiskLabel, MessageDescriptor> = {
  watch: msg`Watch`,
  bonus_abuse: msg`Bonus abuse`,
  chargeback_risk: msg`Chargeback risk`,
  vip: msg`VIP`,
};
