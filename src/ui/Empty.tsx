import type { ReactNode } from "react";

import { ChartIcon } from "./Icons";

/**
 * An honest empty state: what is (not) here and, where there is one, the action to take. The icon says what the
 * list would hold (a card, a message); a chart where nothing more fitting exists.
 */
export function Empty({ title, text, action, icon }: { title: string; text?: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <section className="empty">
      <span className="empty-icon">{icon ?? <ChartIcon size={32} />}</span>
      <h2 className="empty-title">{title}</h2>
      {text && <p className="empty-text">{text}</p>}
      {action}
    </section>
  );
}
