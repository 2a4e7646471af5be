/** A submitted form's text fields, trimmed, by name (a file input is left out: it is read on its own). */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const entries = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return Object.fromEntries(entries.map(([name, value]) => [name, value.trim()]));
}
