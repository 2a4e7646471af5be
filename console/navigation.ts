/**
 * Console navigation by hash. The router's typed links know the customer app's routes only (its route tree is
 * the one registered for the type checker), so the console moves between its pages with plain hash links.
 */
export function goTo(path: string) {
  location.hash = `#${path}`;
}
