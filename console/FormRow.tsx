import type { InputHTMLAttributes, ReactNode } from "react";

/** One labelled field of an edit form: the label above its input, as every console form lays them out. */
export function FormRow({
  label,
  hint,
  ...input
}: { label: ReactNode; hint?: ReactNode; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input {...input} />
      {hint && <small className="hint">{hint}</small>}
    </label>
  );
}
