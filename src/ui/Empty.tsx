import type { ReactNode } from "react";

import { ChartIcon } from "./Icons";

/** An honest empty state: what is (not) here and, where there is one, the action to take. */
export function Empty({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <section className="empty">
      <ChartIcon />
      <h2 className="empty-title">{title}</h2>
      {text && <p className="empty-text">{text}</p>}
      {action}
    </section>
  );
}
