import { COPY_ERROR_TOAST_MS } from "#contract/constants";

import { errorText, successText } from "../i18n/catalogue";
import { showToast } from "./toast";

/** The copy helper: success toast, or "browser not supported" / empty-content for 3000 ms. */
export async function copyText(text: string): Promise<boolean> {
  if (!text) {
    showToast(errorText("copy_empty"), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
  if (!navigator.clipboard?.writeText) {
    showToast(errorText("copy_unsupported"), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    showToast(successText("copied"), { tone: "success" });
    return true;
  } catch {
    showToast(errorText("copy_unsupported"), { tone: "error", ms: COPY_ERROR_TOAST_MS });
    return false;
  }
}
