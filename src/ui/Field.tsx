import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the input and announced to screen readers. */
  hint?: string;
  /** A control beside the input, e.g. the SMS send button. */
  addon?: ReactNode;
  /** What is wrong with the value, shown under the input and announced; the input is marked invalid. */
  error?: string | null;
}

export function Field({ label, hint, addon, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-row">
        <input id={id} className="field-input" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field that hands its owner the text alone: the forms keep strings, and the fields made for one purpose
 * (the fund password, the authenticator's code) are this with their label and input hints fixed.
 */
export function ValueField({ onValue, ...field }: Omit<FieldProps, "onChange"> & { onValue: (value: string) => void }) {
  return <Field {...field} onChange={(event) => onValue(event.target.value)} />;
}
