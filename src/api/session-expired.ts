import { errorText } from "../i18n/catalogue";
import { showToast } from "../ui/toast";
import { takeExpiredNotice } from "./session";

/** On the way to the login page: says the session has expired, when it has and the customer was not told yet. */
export function tellIfSessionExpired(): void {
  if (takeExpiredNotice()) showToast(errorText("session_expired"), { tone: "error", ms: 4000 });
}
