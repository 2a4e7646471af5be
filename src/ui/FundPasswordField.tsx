import { useLingui } from "@lingui/react/macro";

import { ValueField } from "./Field";

/**
 * The fund password asked where money moves or a payout destination changes. Never remembered by the browser
 * (autoComplete off): it guards money, so each action asks for it again.
 */
export function FundPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return <ValueField label={t`Fund password`} type="password" autoComplete="off" name="payPassword" value={value} onValue={onChange} />;
}
