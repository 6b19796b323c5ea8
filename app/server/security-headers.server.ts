// Security headers on every response, through helmet. The Content-Security-Policy
// lets a page run only the site's own scripts plus the inline ones React Router
// writes (hydration data, the route manifest), which carry this response's nonce;
// entry.server.tsx hands the nonce to React Router (res.locals.cspNonce).
//
// Development is looser: Vite's client and React Refresh inject inline scripts
// without the nonce, evaluate modules, and open their own websocket.
//
// Style attributes are allowed (style-src-attr 'unsafe-inline'): server-rendered
// components size avatars and place drag previews with `style`, and a style
// attribute cannot run script; <style> elements and stylesheets stay 'self'.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

export type SecurityOptions = {
  /** Vite serves the client: the looser policy above. */
  development: boolean;
  /** HSTS is sent only in production (over plain HTTP in tests it would only mislead). */
  production: boolean;
  /** The site's public address: its websocket origin is allowed for socket.io. */
  baseUrl: string;
  /** The object storage address browsers reach (presigned uploads, images), when S3 is used. */
  storageUrl?: string;
};

/** This response's CSP nonce (set by securityHeaders). */
export function cspNonce(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

type DirectiveValue = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** The CSP's directives, in helmet's form; the script nonce is read from each response. */
export function cspDirectives(options: SecurityOptions): Record<string, DirectiveValue[]> {
  const site = new URL(options.baseUrl);
  const socketOrigin = `${site.protocol === "https:" ? "wss:" : "ws:"}//${site.host}`;
  const storage = originOf(options.storageUrl);
  const extra = storage ? [storage] : [];
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res as Response)}'`;
  const directives: Record<string, DirectiveValue[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "script-src": ["'self'", nonce],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...extra],
    "font-src": ["'self'"],
    "connect-src": ["'self'", socketOrigin, ...extra],
  };
  if (options.development) {
    // A nonce would make browsers ignore 'unsafe-inline', which Vite's own inline scripts need.
    directives["script-src"] = ["'self'", "'unsafe-inline'", "'unsafe-eval'"];
    directives["style-src"] = ["'self'", "'unsafe-inline'"];
    directives["connect-src"] = [...directives["connect-src"]!, "ws:", "wss:"];
  }
  if (site.protocol === "https:") directives["upgrade-insecure-requests"] = [];
  return directives;
}

/** Middleware: a fresh nonce per response, then helmet's headers with the CSP above. */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req, res, next) => {
    // Mounted twice in production (before the static files, and in the app): once is enough.
    if (cspNonce(res)) return next();
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    headers(req, res, next);
  };
}
