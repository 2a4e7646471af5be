import { copyText } from "./copy";
import { CopyIcon } from "./PageIcons";

/**
 * A value to hand on (account, address, code, link) with its copy button and the copy toasts. A long value (a link)
 * is set smaller and lighter, so it reads as the thing to copy rather than as a heading broken over lines.
 */
export function CopyRow({ value, label, testId, long = false }: { value: string; label: string; testId?: string; long?: boolean }) {
  return (
    <span className={long ? "channel-account channel-account-long" : "channel-account"}>
      <span data-testid={testId}>{value}</span>
      <button type="button" className="icon-button" onClick={() => copyText(value)} aria-label={label}>
        <CopyIcon />
      </button>
    </span>
  );
}
