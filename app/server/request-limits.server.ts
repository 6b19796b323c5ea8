// What the server accepts before React Router sees a request: bodies within a
// limit (413 at once when the declared size is over it, and cut off where a
// streamed body passes it), and answers that are not stored by shared caches
// unless a route says otherwise.
//
// Routes read small bodies (64 KiB for forms and JSON, app/server/body-limit.server.ts);
// this limit is the server's guard for everything, including a route that
// forgot. The one exception is PUT /uploads/:token, the local-disk upload
// endpoint, which streams to disk under its own limit (UPLOAD_MAX_BYTES).
import { Transform, type Readable } from "node:stream";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { RequestTooLargeError } from "./body-limit.server";
import { requestLog } from "./logger.server";

/** The local-disk upload endpoint: its body streams to disk and is bounded there. */
export function isStreamedUpload(req: Request): boolean {
  return req.method === "PUT" && /^\/uploads\/[^/]+$/.test(req.path);
}

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

/** Answers 413 and closes the connection, so the rest of the body is never read. */
export function refuseTooLarge(req: Request, res: Response, limit: number) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader("Connection", "close");
  plainAnswer(req, res, 413, "Request too large", `The request is too large (at most ${limit} bytes).`);
}

/** Refuses a body whose declared size (Content-Length) is over `limit`, before reading any of it. */
export function refuseLargeBodies(limit: () => number): RequestHandler {
  return (req, res, next) => {
    if (isStreamedUpload(req)) return next();
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit()) return refuseTooLarge(req, res, limit());
    next();
  };
}

/**
 * The request's body, counted as it streams: past `limit` the stream fails and
 * `onOverflow` runs once (a chunked body has no Content-Length to refuse it by).
 */
export function countedBody(req: Request, limit: number, onOverflow: () => void): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) return callback(null, chunk);
      req.unpipe(counter);
      onOverflow();
      // A route still reading sees the refusal it knows (413), though the answer has gone.
      callback(new RequestTooLargeError(limit));
    },
  });
  req.once("error", (error) => counter.destroy(error));
  return req.pipe(counter);
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
    // The request's own log: its lines carry the request id, and its path is redacted there.
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
