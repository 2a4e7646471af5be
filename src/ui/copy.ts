import { COPY_ERROR_TOAST_MS } from "../../contract/constants";
import { errorMessages, successMessages } from "../../contract/messages";
import { i18n } from "../i18n/i18n";
import { showToast } from "./toast";

/** The copy helper of spec §8: success toast, or "browser not supported" / empty-content for 3000 ms. */
export async function copyText(text: string): Promise<boolean> {
  if (!text) {
    showToast(i18n._(errorMessages.copy_empty), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
  if (!navigator.clipboard?.writeText) {
    showToast(i18n._(errorMessages.copy_unsupported), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    showToast(i18n._(successMessages.copied), { tone: "success" });
    return true;
  } catch {
    showToast(i18n._(errorMessages.copy_unsupported), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
}
