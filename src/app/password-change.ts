import { onPasswordChangeRequired } from "../api/client";

export const PASSWORD_CHANGE_PAGE = "/pages/user/setpassword";

interface Location {
  /** the path the app shows now */
  pathname: () => string;
  /** goes to the change page */
  goToChangePage: () => void;
}

/**
 * A request refused because support reset the password sends the customer to the change page, from wherever
 * they are (a public page included: its call carried the session). On that page already, nothing moves.
 */
export function watchPasswordChangeRequired(location: Location): void {
  onPasswordChangeRequired(() => {
    if (location.pathname() !== PASSWORD_CHANGE_PAGE) location.goToChangePage();
  });
}
