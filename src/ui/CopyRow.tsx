import { copyText } from "./copy";
import { CopyIcon } from "./Icons";

/** A value to hand on (account, address, code, link) with its copy button and the copy toasts. */
export function CopyRow({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <span className="channel-account">
      <span data-testid={testId}>{value}</span>
      <button type="button" className="icon-button" onClick={() => copyText(value)} aria-label={label}>
        <CopyIcon />
      </button>
    </span>
  );
}
