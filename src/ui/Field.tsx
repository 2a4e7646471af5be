import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and announced to screen readers. */
  hint?: string;
  /** A control beside the input, e.g. the SMS send button. */
  addon?: ReactNode;
}

export function Field({ label, hint, addon, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-row">
        <input id={id} className="field-input" aria-describedby={hint ? hintId : undefined} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
