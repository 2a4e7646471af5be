/**
 * The assets the customer opened on the trade screen most recently, newest first, at most five: the tabs along
 * the top of the screen. Kept on the device, one list per customer (a shared phone keeps each customer's own).
 */
export interface RecentAsset {
  pid: number;
  /** the product's name as last shown, in the language then chosen (updated on every visit) */
  name: string;
}

export const MAX_RECENT = 5;

const keyOf = (userId: number) => `trade-recent-assets:${userId}`;

export function readRecentAssets(userId: number): RecentAsset[] {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]") as unknown;
    if (!Array.isArray(saved)) return [];
    return saved
      .filter((entry): entry is RecentAsset => typeof entry?.pid === "number" && typeof entry?.name === "string")
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

function write(userId: number, assets: RecentAsset[]): RecentAsset[] {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(assets));
  } catch {
    // storage refused (private mode): the tabs last for this visit
  }
  return assets;
}

/** The list after opening `asset`: moved (or added) to the front, the oldest beyond five dropped. */
export const withRecent = (assets: RecentAsset[], asset: RecentAsset): RecentAsset[] =>
  [asset, ...assets.filter((entry) => entry.pid !== asset.pid)].slice(0, MAX_RECENT);

export const rememberRecentAsset = (userId: number, asset: RecentAsset) => write(userId, withRecent(readRecentAssets(userId), asset));

export const forgetRecentAsset = (userId: number, pid: number) =>
  write(
    userId,
    readRecentAssets(userId).filter((entry) => entry.pid !== pid),
  );
