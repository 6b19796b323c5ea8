// Whether a request a browser made comes from this site. Three doors use it:
// every state-changing request (an Express guard, so page forms such as /login
// are covered: otherwise any site could log a visitor in as the attacker),
// apiRoute's writes, and the socket handshake (WebSockets ignore CORS).
//
// Browsers send Origin on every cross-origin request and on same-origin POSTs,
// and Sec-Fetch-Site on every request; a client that sends neither (curl, the
// tests, another server) is not a browser carrying a member's cookie.
import { env } from "~/env.server";

export const CROSS_SITE_MESSAGE = "Cross-site requests are refused.";

type Facts = {
  /** The Origin header (null or undefined when absent). */
  origin: string | null | undefined;
  /** The Host the request was sent to. */
  host: string | null | undefined;
  /** The Sec-Fetch-Site header. */
  fetchSite?: string | null;
};

export function isSameSite({ origin, host, fetchSite }: Facts): boolean {
  if (fetchSite === "cross-site") return false;
  if (origin === null || origin === undefined) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false; // 'null' (a sandboxed page, a file) and anything unparsable
  }
  // Any scheme: TLS may end at a proxy in front of the site.
  if (originHost !== "" && originHost === host) return true;
  return origin === baseUrlOrigin();
}

function baseUrlOrigin(): string | undefined {
  try {
    return new URL(env().BASE_URL).origin;
  } catch {
    // BASE_URL is validated at start; a test that never parsed env still has the Host.
    return undefined;
  }
}
