/**
 * The pages the early-start script previews before the app arrives (docs/decisions.md "Mine's head before the
 * app" and "The trade screen's head before the app"): the pre-rendered shell carries Mine's profile head and the
 * trade screen's head, drawn with stand-ins (src/features/mine/MinePreview.tsx, src/features/trading/TradePreview.tsx);
 * once the read the script sent has answered (the account; the product), the customer's own fields are written
 * in, and <html> is marked so the CSS shows the preview instead of the skeleton. The app, held back until then
 * (build/paint-first.ts), draws the same head in the same boxes.
 * It repeats the names of contract/static-preview.ts: it may import nothing the app imports.
 */
const SHOWN_ATTRIBUTE = "data-shell-preview-shown";
const WORD_ATTRIBUTE = "data-mine-word";
const VIP_MARK = "{vip}";
// contract/static-preview.ts TRADE_PREVIEW_DETAIL.name
const PRODUCT_MARK = "PRODUCT/NAME";
// how long after the preview is filled in its paint is awaited at most, when no paint entry says it happened
const PAINT_WAIT_MS = 150;

/** The fields of the account read (GET /api/user/index, contract/accounts.ts UserInfo) the head shows. */
interface AccountAnswer {
  code?: number;
  data?: { account?: unknown; phone?: unknown; inviteCode?: unknown; vipLevel?: unknown; verified?: unknown; mustChangePassword?: unknown };
}

function setText(element: Element | null | undefined, text: string): void {
  if (element) element.textContent = text;
}

/**
 * Writes the customer's head into the preview under `root` (MineProfile's fields), in the words the shell's
 * language has for the level and the real-name state. Nothing when the read failed, the account must change
 * its password first (the app opens another page), or the app has already replaced the shell.
 */
export function fillMinePreview(root: ParentNode, answer: AccountAnswer): boolean {
  const preview = root.querySelector(".static-mine");
  const user = answer.data;
  if (!preview || answer.code !== 1 || !user || user.mustChangePassword === true) return false;
  const { account, phone, inviteCode, vipLevel, verified } = user;
  if (typeof account !== "string" || typeof phone !== "string" || typeof inviteCode !== "string" || typeof vipLevel !== "number")
    return false;
  const word = (key: string) => preview.querySelector(`[${WORD_ATTRIBUTE}="${key}"]`)?.textContent ?? "";
  const name = preview.querySelector('[data-testid="account-name"]');
  if (!name?.firstChild) return false;
  setText(preview.querySelector(".avatar"), account.slice(0, 1).toUpperCase());
  name.firstChild.nodeValue = account;
  setText(name.querySelector(".badge"), vipLevel > 0 ? word("vip").replace(VIP_MARK, String(vipLevel)) : word("member"));
  setText(preview.querySelector('[data-testid="masked-phone"]'), `${phone} · ${word(verified === true ? "verified" : "unverified")}`);
  setText(preview.querySelector('[data-testid="invite-code"]'), inviteCode);
  return true;
}

/** The fields of the product read (GET /api/index/getprodata, contract/markets.ts ProductDetail) the head shows. */
interface ProductAnswer {
  code?: number;
  data?: { name?: unknown; price?: unknown; status?: unknown };
}

/**
 * Writes the product's name and price into the trade screen's head under `root` (TradeHeader's and RecentAssets'
 * fields), and its name into the labels that carry it. Only for an open market: the preview's head says "Open" (the other states name
 * the next opening, in the reader's clock and words). Nothing when the read failed or the app has taken over.
 */
export function fillTradePreview(root: ParentNode, answer: ProductAnswer): boolean {
  const preview = root.querySelector(".static-trade");
  const product = answer.data;
  if (!preview || answer.code !== 1 || !product) return false;
  const { name, price, status } = product;
  if (typeof name !== "string" || typeof price !== "string" || status !== "open") return false;
  const switcher = preview.querySelector('[data-testid="asset-switch"]');
  if (!switcher?.firstChild) return false;
  switcher.firstChild.nodeValue = name;
  setText(preview.querySelector('[data-testid="trade-price"]'), price);
  // which balance orders stake is the app's to say (the customer's choice on this phone, else practice until a
  // first recharge): neither is shown chosen until then
  for (const option of preview.querySelectorAll('[data-testid="account-switch"] [role="radio"]'))
    option.setAttribute("aria-checked", "false");
  // the labels that name it: the star's, the recent tab's ×
  for (const labelled of preview.querySelectorAll(".star, .tr-recent-remove"))
    labelled.setAttribute("aria-label", (labelled.getAttribute("aria-label") ?? "").replace(PRODUCT_MARK, name));
  // the recent assets' row, this product's tab (the others the app adds from what this phone keeps), which
  // leads here
  setText(preview.querySelector(".tr-recent-name"), name);
  preview.querySelector(".tr-recent-open")?.setAttribute("href", location.hash);
  return true;
}

/** Once what was just written is on screen: the next largest-contentful-paint entry, or a short wait. */
function afterPaint(): Promise<void> {
  if (document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const since = performance.now();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) done();
      });
      observer.observe({ type: "largest-contentful-paint" });
    } catch {
      observer = undefined;
    }
    setTimeout(done, PAINT_WAIT_MS);
  });
}

/** The previews the early-start script can ask for, by page. */
export interface EarlyStartPreviews {
  /** from the account read */
  mine: (account: Promise<Response>) => Promise<void>;
  /** from the product read */
  trade: (product: Promise<Response>) => Promise<void>;
}

/** Fills a preview from its early read with `fill`, shows it, and resolves once it is painted (at once if not filled). */
async function showPreview(page: string, response: Promise<Response>, fill: (root: ParentNode, answer: never) => boolean): Promise<void> {
  try {
    const answer = (await (await response).clone().json()) as never;
    if (!fill(document, answer)) return;
    document.documentElement.setAttribute(SHOWN_ATTRIBUTE, page);
    await afterPaint();
  } catch {
    // no preview: the app draws the page as before
  }
}

const previewMine = (account: Promise<Response>) => showPreview("mine", account, fillMinePreview);
const previewTrade = (product: Promise<Response>) => showPreview("trade", product, fillTradePreview);

// A build entry of its own (build/early-start.ts), whose exports the app build drops: the early-start script,
// which imports it by name at run time, finds it here.
(globalThis as { earlyStartPreviews?: EarlyStartPreviews }).earlyStartPreviews = { mine: previewMine, trade: previewTrade };
