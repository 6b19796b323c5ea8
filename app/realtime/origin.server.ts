// The socket handshake's cross-site check. WebSockets are not bound by CORS, and
// a browser sends the member's cookie to whichever page opens one, so without it
// another site could watch and speak for a member (cross-site WebSocket hijacking).
import type http from "node:http";
import { env } from "~/env.server";

/**
 * Whether a handshake comes from the site itself: its Origin names the host the
 * request was sent to (any scheme, since TLS may end at a proxy in front) or the
 * public BASE_URL. No Origin at all is a client that is not a browser (a script,
 * the tests), which carries no one else's cookie.
 */
export function isSameSiteHandshake(request: http.IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // 'null' (a sandboxed page, a file) and anything unparsable
  }
  if (host !== "" && host === request.headers.host) return true;
  return origin === publicOrigin();
}

function publicOrigin(): string | undefined {
  try {
    return new URL(env().BASE_URL).origin;
  } catch {
    // BASE_URL is validated at start; a test that never parsed env still has the Host.
    return undefined;
  }
}
