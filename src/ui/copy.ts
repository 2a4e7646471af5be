import { COPY_ERROR_TOAST_MS } from "#contract/constants";

import { errorText, successText } from "../i18n/catalogue";
import { showToast } from "./toast";

/**
 * Where the Clipboard API is missing or refuses (an older WebView, a page not served over https): a selected,
 * off-screen text area and the browser's copy command, which such browsers still honour on a tap.
 */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    // deprecated, and still the one way left when the Clipboard API is not there
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyByClipboardApi(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The copy helper: success toast, or "browser not supported" / empty-content for 3000 ms. */
export async function copyText(text: string): Promise<boolean> {
  if (!text) {
    showToast(errorText("copy_empty"), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
  if ((await copyByClipboardApi(text)) || copyBySelection(text)) {
    showToast(successText("copied"), { tone: "success" });
    return true;
  }
  showToast(errorText("copy_unsupported"), { tone: "error", ms: COPY_ERROR_TOAST_MS });
  return false;
}
