/**
 * The part of the error catalogue the app raises itself, with no server answer to carry the text: a lost
 * network, a page chunk that cannot load, the copy helper. Kept apart from contract/catalogue.ts so these land
 * in the shell catalog the first screen loads (lingui.config.ts); every other message is said by the server
 * or by a page's form, and travels with the page texts.
 */
export interface MessageDescriptor {
  id: string;
  message: string;
}

export const appErrorMessages = {
  network_error: /*i18n*/ { id: "error.network_error", message: "Network error" },
  copy_unsupported: /*i18n*/ { id: "error.copy_unsupported", message: "Browser not supported" },
  copy_empty: /*i18n*/ { id: "error.copy_empty", message: "Nothing to copy" },
  chunk_load_failed: /*i18n*/ { id: "error.chunk_load_failed", message: "The page could not be loaded" },
  session_expired: /*i18n*/ { id: "error.session_expired", message: "Your session has expired. Please log in again." },
} satisfies Record<string, MessageDescriptor>;

export const appSuccessMessages = {
  copied: /*i18n*/ { id: "success.copied", message: "Copy success" },
} satisfies Record<string, MessageDescriptor>;
