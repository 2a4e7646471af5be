import { Trans } from "@lingui/react/macro";

/** A list row's Edit button: opens the row in its editor (a second press closes it, where the page says so). */
export function EditButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" disabled={disabled} onClick={onClick}>
      <Trans>Edit</Trans>
    </button>
  );
}
