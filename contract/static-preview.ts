/**
 * Mine's preview in the pre-rendered shell (src/features/mine/MinePreview.tsx, docs/decisions.md "Mine's head
 * before the app"): drawn at build time with this stand-in account, whose fields the early-start script
 * (src/early-start-preview.ts, which repeats these names: it may import nothing the app imports) replaces with
 * the signed-in customer's from the account read, before the app has arrived.
 */
export const MINE_PREVIEW_USER = {
  account: "account",
  phone: "000***000",
  inviteCode: "000000",
  // any level over 0, so the level's word is the one drawn; the preview writes MINE_PREVIEW_VIP for it
  vipLevel: 97531,
  verified: true,
} as const;

/** Stands for the level in the preview's word for it ("VIP {vip}"). */
export const MINE_PREVIEW_VIP = "{vip}";

/** The attribute of the preview's hidden words (vip, member, verified, unverified) in the shell's language. */
export const MINE_PREVIEW_WORDS = "data-mine-word";

/** Mine's path. */
export const MINE_PATH = "/pages/user/user";

/**
 * Set on <html> by the head script when the document's shell is in the reader's language, a session is stored
 * and the address is a page the early-start script can preview (its value names the page: "mine", "trade").
 */
export const SHELL_PREVIEW_ATTRIBUTE = "data-shell-preview";

/** Set on <html> by the early-start script once it has filled the preview in: the CSS shows it then. */
export const SHELL_PREVIEW_SHOWN_ATTRIBUTE = "data-shell-preview-shown";

/** The language of the document's pre-rendered shell, on <html>: written "en" by the build, the reader's by the server. */
export const SHELL_LANGUAGE_ATTRIBUTE = "data-shell-lang";

/** The trade screen's path. */
export const TRADE_PATH = "/pages/trade/trade";

/**
 * The trade screen's preview (src/features/trading/TradePreview.tsx): its head drawn with this stand-in product
 * and price, which the early-start script replaces with the product's from the product read (the star's label
 * names the product too: the script replaces the stand-in name in it).
 */
export const TRADE_PREVIEW_DETAIL = { id: 0, name: "PRODUCT/NAME", code: "PRODUCT", price: "0.00000" } as const;
