import { useState } from "react";

/**
 * A form of text fields kept in one state object: `bind(name)` gives an input its name, value and change
 * handler, so a page writes each field once (`<Field {...bind("phone")} />`).
 */
export function useFormFields<Form extends Record<string, string>>(initial: Form) {
  const [form, setForm] = useState<Form>(initial);
  const bind = (name: keyof Form & string) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  return { form, setForm, bind };
}
