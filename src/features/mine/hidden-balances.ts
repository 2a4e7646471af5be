const KEY = "hide-balances";

/** Whether the customer chose to hide their balances on Mine (kept on this device). */
export function readBalancesHidden(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function writeBalancesHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice lasts for this visit
  }
}
