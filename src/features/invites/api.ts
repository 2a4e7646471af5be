import { call } from "@/api/client";
import { apiPaths } from "#contract/paths";

export const fetchInvitation = () => call(apiPaths.invitation);

/** An IPv4 or bracketed IPv6 address, or localhost, with or without a port: names that have no subdomains. */
const ADDRESS_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost)(?::\d+)?$/i;

/**
 * The invitation link: the page's host with an "h5." prefix, landing on registration with the code. A page
 * served from an address keeps its own host: `h5.127.0.0.1` names nothing.
 */
export function invitationLink(code: string, where: Pick<Location, "protocol" | "host"> = location): string {
  const own = where.host.startsWith("h5.") || ADDRESS_HOST.test(where.host);
  const host = own ? where.host : `h5.${where.host}`;
  return `${where.protocol}//${host}/h5/#/pages/login/register?code=${encodeURIComponent(code)}`;
}
