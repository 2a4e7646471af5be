import type { SectionPath } from "./sections";

/**
 * Links of the pages the unit tests render outside the console's router: plain hash links (the console's URLs
 * are hash routes), since a typed `<Link>` is checked against whichever router the compilation registers, and
 * the tests' compilation holds the PWA's. The section paths stay checked through `SectionPath`.
 */
export const consoleHref = (path: SectionPath) => `#${path}`;

/** A customer's page, #/users/<id> (ConsoleRouter.tsx). */
export const customerHref = (id: number) => `#/users/${id}`;
