/**
 * Scrolls a sideways-scrolling row so that `chip` is in sight, centred, when it is not already: the chosen tab
 * or period past the screen's edge on a narrow phone.
 */
export function scrollIntoRow(row: HTMLElement, chip: HTMLElement): void {
  const [box, place] = [row.getBoundingClientRect(), chip.getBoundingClientRect()];
  if (place.left < box.left || place.right > box.right) row.scrollLeft += place.left - box.left - (box.width - place.width) / 2;
}
