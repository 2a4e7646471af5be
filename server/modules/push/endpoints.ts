/**
 * The push services a subscription may point at. The server POSTs to whatever endpoint a customer stores, so an
 * endpoint anywhere else would let a customer make the server send requests into its own network. These are the
 * services of the browsers that support Web Push; a deployment adds others with PUSH_ORIGINS.
 */
const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"];
/** Services that hand out endpoints on per-region hosts under one domain. */
const PUSH_SERVICE_DOMAINS = [".push.services.mozilla.com", ".notify.windows.com", ".push.apple.com"];

/** Whether the server may send to `endpoint`: https on a known push service, or an origin the deployment added. */
export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.username || url.password || (url.port && url.port !== "443")) return false;
  return PUSH_SERVICE_HOSTS.includes(url.hostname) || PUSH_SERVICE_DOMAINS.some((domain) => url.hostname.endsWith(domain));
}
