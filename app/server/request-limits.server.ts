// Around every answer: answers not stored by shared caches unless a route says
// otherwise, a short plain answer where React Router has none to give, and the
// last handler, which never shows an error's internals. Request bodies are
// bounded in body-limit.server.ts.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { requestLog } from "~/base/logger.server";

const wantsJson = (req: Request) => req.path.startsWith("/api/") || req.path === "/api";

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><h1>${title}</h1><p>${text}</p><p><a href="/">Home</a></p></body></html>`;

/** Answers `status` with a short message: JSON under /api, a small page elsewhere. */
export function plainAnswer(req: Request, res: Response, status: number, title: string, message: string) {
  res.status(status).setHeader("Cache-Control", "private, no-store");
  if (wantsJson(req)) res.json({ message });
  else res.type("html").send(page(title, message));
}

/**
 * Answers without a Cache-Control of their own get `private, no-store`: pages
 * and /api answers depend on who is logged in. Routes that may be cached (the
 * media routes) say so; static assets are served before this.
 */
export function privateByDefault(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

/**
 * The last handler: an error nothing else answered is logged, and the answer is
 * plain, never its message or stack (SQL, paths, internals). Express's own 4xx
 * (a path that does not decode) keeps its status.
 */
export function quietErrors(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = Number((error as { status?: unknown })?.status);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    // The request's own log: its lines carry the request id (its line names the route, never the address).
    if (clientError) requestLog().warn({ err: error, status }, `Refused with ${status}`);
    else requestLog().error({ err: error }, "The request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (clientError) plainAnswer(req, res, status, "Bad request", "The request could not be understood.");
    else plainAnswer(req, res, 500, "Something went wrong", "Something went wrong on our side. Please try again.");
  };
}
