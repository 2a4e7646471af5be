import { type Market, MARKETS } from "#contract/markets";

/** Home's market tabs: the customer's favourites (when they have any), then one per market. */
export type HomeTab = Market | "favourites";

const TAB_KEY = "home-market-tab";

export function readHomeTab(): HomeTab | null {
  try {
    const saved = localStorage.getItem(TAB_KEY);
    return saved === "favourites" || MARKETS.includes(saved as Market) ? (saved as HomeTab) : null;
  } catch {
    return null;
  }
}

export function writeHomeTab(tab: HomeTab): void {
  try {
    localStorage.setItem(TAB_KEY, tab);
  } catch {
    // storage refused: the tab is remembered for this visit only
  }
}

/** The tab Home opens on: the one chosen last time while it still exists, else the favourites, else a market that is open. */
export function initialTab(saved: HomeTab | null, hasFavourites: boolean, firstOpen: Market | undefined): HomeTab {
  if (saved && (saved !== "favourites" || hasFavourites)) return saved;
  if (hasFavourites) return "favourites";
  return firstOpen ?? "forex";
}
