/**
 * Mine's preview, filled in by the early-start script (docs/decisions.md "Mine's head before the app"): the
 * pre-rendered shell carries Mine's profile head drawn with a stand-in account (src/features/mine/MinePreview.tsx);
 * once the account read the script sent has answered, the customer's own account, level, masked phone,
 * real-name state and invitation code are written in, and <html> is marked so the CSS shows the preview instead
 * of the skeleton. The app, held back until then (build/paint-first.ts), draws the same head in the same boxes.
 * It repeats the names of contract/static-mine.ts: it may import nothing the app imports.
 */
const SHOWN_ATTRIBUTE = "data-shell-preview-shown";
const WORD_ATTRIBUTE = "data-mine-word";
const VIP_MARK = "{vip}";
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
  mine: (account: Promise<Response>) => Promise<void>;
}

/** Fills Mine's preview from the early account read and resolves once it is painted (or at once, if not filled). */
export async function previewMine(response: Promise<Response>): Promise<void> {
  try {
    const answer = (await (await response).clone().json()) as AccountAnswer;
    if (!fillMinePreview(document, answer)) return;
    document.documentElement.setAttribute(SHOWN_ATTRIBUTE, "mine");
    await afterPaint();
  } catch {
    // no preview: the app draws Mine as before
  }
}

// A build entry of its own (build/early-start.ts), whose exports the app build drops: the early-start script,
// which imports it by name at run time, finds it here.
(globalThis as { earlyStartPreviews?: EarlyStartPreviews }).earlyStartPreviews = { mine: previewMine };
