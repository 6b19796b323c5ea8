// Request bodies, bounded in one place: a declared Content-Length over the
// limit is refused (413) before a byte is read, a body that streams past it
// is cut off where it is read (readBoundedBytes: every form and JSON body),
// and a body no route read is dropped once answered, the connection closed
// past the limit. Nothing unbounded is ever buffered or drained. REQUEST_MAX_BYTES
// bounds every body; forms and JSON are smaller still (64 KiB). The one
// exception is PUT /uploads/:token, the local-disk upload endpoint, which
// streams to disk under its announced size (UPLOAD_MAX_BYTES at most).
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { DomainError, InvalidError } from "~/services/errors.server";
import { requestBodyLimit } from "~/base/request-context.server";
import { plainAnswer } from "./request-limits.server";

/** Forms of the site (a profile with a long bio is the largest): 64 KiB. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export class RequestTooLargeError extends DomainError {
  readonly headers = { Connection: "close" };
  constructor(limit: number) {
    super(413, `The request is too large (at most ${limit} bytes).`);
  }
}

/** The local-disk upload endpoint: its body streams to disk and is bounded there. */
function isStreamedUpload(req: ExpressRequest): boolean {
  return req.method === "PUT" && /^\/uploads\/[^/]+$/.test(req.path);
}

/** Answers 413 and closes the connection, so the rest of the body is never read. */
function refuseTooLarge(req: ExpressRequest, res: ExpressResponse, limit: number) {
  res.setHeader("Connection", "close");
  plainAnswer(req, res, 413, "Request too large", new RequestTooLargeError(limit).message);
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
 * A body the route never read is drained and dropped once answered, as Node does
 * for an unread request, so the connection can carry the next request (React
 * Router's adapter would keep reading it into a stream nobody reads); past
 * `limit` more bytes the connection is closed instead.
 */
export function dropUnreadBodies(limit: () => number): RequestHandler {
  return (req, res, next) => {
    res.on("finish", () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > limit()) req.socket.destroy();
      });
      req.resume();
    });
    next();
  };
}

/** The body as text, at most `limit` bytes; 413 past it. */
export async function readBoundedText(request: Request, limit: number): Promise<string> {
  return (await readBoundedBytes(request, limit)).toString("utf8");
}

/** The body's bytes, at most `limit` (and the server's REQUEST_MAX_BYTES); 413 past it. */
export async function readBoundedBytes(request: Request, routeLimit: number): Promise<Buffer> {
  const limit = Math.min(routeLimit, requestBodyLimit());
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new RequestTooLargeError(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would destroy the request's socket before the 413 is sent. The
      // rest is dropped once answered (dropUnreadBodies), and the 413 closes the connection.
      reader.releaseLock();
      throw new RequestTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A page form's fields, at most `limit` bytes (forms here carry no files: uploads go to /uploads). */
export async function readBoundedFormData(request: Request, limit = FORM_BODY_LIMIT_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  const bytes = await readBoundedBytes(request, limit);
  const form = await new Request("http://form.local/", {
    method: "POST",
    headers: { "Content-Type": type },
    body: new Uint8Array(bytes),
  }).formData();
  refuseNulCharacters([...form.values()]);
  return form;
}

export const NUL_CHARACTER_MESSAGE = "Text must not contain NUL characters.";

/**
 * PostgreSQL cannot store the NUL character in text, so a body carrying one
 * would fail at the database as a 500: refuse it at the edge, for every field
 * of every form and JSON body (a 422 naming nothing in particular). The walk
 * keeps its own list of what is left to look at, not the call stack: a JSON
 * body nested 30,000 deep (JSON.parse takes it) would overflow a recursive one.
 */
export function refuseNulCharacters(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) throw new InvalidError([], NUL_CHARACTER_MESSAGE);
    } else if (Array.isArray(next)) {
      for (const inner of next) pending.push(inner);
    } else if (next && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
}
