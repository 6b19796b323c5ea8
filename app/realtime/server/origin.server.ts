// The socket handshake's cross-site check. WebSockets are not bound by CORS, and
// a browser sends the member's cookie to whichever page opens one, so without it
// another site could watch and speak for a member (cross-site WebSocket hijacking).
import type http from "node:http";
import { isSameSite } from "~/base/same-site.server";

/** Whether a handshake comes from the site itself (app/base/same-site.server.ts). */
export function isSameSiteHandshake(request: http.IncomingMessage): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  return isSameSite({
    origin: request.headers.origin,
    host: request.headers.host,
    fetchSite: typeof fetchSite === "string" ? fetchSite : undefined,
  });
}
