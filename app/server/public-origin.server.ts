// Where the absolute URLs the site writes point. The Host header is whatever
// the client typed (or forged), and a link built from it sends whoever follows
// it (a client paging on, a browser uploading) to someone else's host. So links name
// BASE_URL's origin, or the host a proxy TRUST_PROXY names says it forwarded
// for (X-Forwarded-Host, with X-Forwarded-Proto): the one case server.ts and the
// README let a header choose the links' host. What leaves the request (e-mails,
// calendar feeds, reminders) uses BASE_URL alone: a reset link must never
// follow a header, however trusted its proxy.
import type { Request as ExpressRequest, RequestHandler } from "express";
import { env } from "~/env.server";
import { answerOrigin } from "~/base/request-context.server";
import { plainAnswer } from "./request-limits.server";

/** A host as a Host header may carry it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
export const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin of BASE_URL (or of `baseUrl`, a served app's own setting). */
export function siteOrigin(baseUrl = env().BASE_URL): string {
  return new URL(baseUrl).origin;
}

/** The origin a proxy TRUST_PROXY names forwarded the request for; undefined when no trusted proxy named one. */
export function forwardedOrigin(req: ExpressRequest): string | undefined {
  if (!req.get("X-Forwarded-Host")) return undefined;
  const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  if (!trusted(req.socket.remoteAddress, 0)) return undefined;
  // From a trusted peer, Express reads req.host from X-Forwarded-Host and req.protocol from X-Forwarded-Proto.
  const host = req.host;
  return host && HOST.test(host) ? `${req.protocol}://${host}` : undefined;
}

/** The site's public origin for this request's answer (app.ts decides it per request); BASE_URL's outside one. */
export function publicOrigin(): string {
  return answerOrigin() ?? siteOrigin();
}

/** The request's path and query on the site's public origin: what an answer's links are built from. */
export function publicUrl(request: Request): URL {
  const { pathname, search } = new URL(request.url);
  // Concatenated, not resolved: a path starting '//' must not become a host.
  return new URL(`${publicOrigin()}${pathname}${search}`);
}

/**
 * 400 for a request whose address the app cannot trust: a Host (or a trusted
 * proxy's X-Forwarded-Host) that is no host, a target that is no path, or a NUL
 * in the path (no page has one and PostgreSQL refuses it in text: a 500).
 */
export function refuseMalformedAddresses(): RequestHandler {
  return (req, res, next) => {
    // req.host reads X-Forwarded-Host only when 'trust proxy' trusts the peer.
    const host = req.host ?? "localhost";
    let path = "";
    try {
      path = new URL(`http://${host}${req.originalUrl}`).pathname;
    } catch {
      // left empty: refused below
    }
    if (HOST.test(host) && req.originalUrl.startsWith("/") && path && !/%00/.test(path)) return next();
    plainAnswer(req, res, 400, "Bad request", "The request's address is malformed.");
  };
}
