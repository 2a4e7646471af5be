import { type RefObject, useEffect } from "react";

import { scrollIntoRow } from "@/ui/scroll-into-row";

/**
 * A row of chips that scrolls sideways when the screen is too narrow for it (the chart periods at 320 px in
 * Thai or Japanese): the current chip is scrolled into view, and `data-more` says on which sides chips are out
 * of sight ("start", "end" or "both"), for the row's fade at that edge.
 */
export function useScrollRow(row: RefObject<HTMLElement | null>, current: string): void {
  useEffect(() => {
    const node = row.current;
    if (!node) return;
    const mark = () => {
      const start = node.scrollLeft > 1;
      const end = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
      const more = start && end ? "both" : start ? "start" : end ? "end" : null;
      if (more) node.dataset.more = more;
      else delete node.dataset.more;
    };
    node.addEventListener("scroll", mark, { passive: true });
    // the chip is placed and the edges read once the browser has laid the page out (an observer reports
    // then, first as soon as it observes, before that frame is painted): read here, in the effect, they would
    // make it lay out the whole screen an extra time while the trade screen opens
    let placed = false;
    const observer = new ResizeObserver(() => {
      const chip = placed ? null : node.querySelector<HTMLElement>("[aria-current]");
      if (chip) scrollIntoRow(node, chip);
      placed = true;
      mark();
    });
    observer.observe(node);
    return () => {
      node.removeEventListener("scroll", mark);
      observer.disconnect();
    };
  }, [row, current]);
}
