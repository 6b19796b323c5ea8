// A part the club depends on not answering (the database stopped or frozen,
// the photo storage unreachable) is a refusal like any other: UnavailableError
// (503) with words for people, never a bare 500; a full disk is one too (507).
// The drivers' errors are recognised here, at the edge, and every answer
// path turns them into that refusal through asRefusal (refusals.server.ts):
// page loaders and actions (each written with page()), apiRoute
// (JSON {message}), form actions (replyToRefusal), the root loader (the shell
// is still drawn) and the photo media route.
import { DATABASE_OUTAGE } from "@db/database-socket.server";
import { STORAGE_NOT_ANSWERING } from "~/storage/deadline.server";
import { DomainError, UnavailableError } from "~/services/errors.server";
import { noteRequestCause, requestLog } from "~/base/logger.server";

export const DATABASE_UNAVAILABLE_MESSAGE = "The club's database is not answering; try again in a minute.";
export const STORAGE_UNAVAILABLE_MESSAGE = "The club's photo storage is not answering; try again in a minute.";
export const DISK_FULL_MESSAGE = "The club's server has run out of disk space; please tell an administrator.";

// postgres-js's own codes for a connection that could not be made or was lost.
const DRIVER_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "DATABASE_NOT_ANSWERING",
]);
// SQLSTATEs of a server that is going away, starting, overloaded or cancelled our statement (statement_timeout).
const SERVER_STATES = new Set(["57014", "57P01", "57P02", "57P03", "53300", "53400"]);
// Classes of a server that cannot do the work however it is asked: connection (08), out of
// resources (53: its disk full, its memory), its own system failing (58: an I/O error).
const SERVER_CLASSES = ["08", "53", "58"];
// Network and disk failures of the storage drivers (MinIO/S3 over HTTP, or the local folder).
const STORAGE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EROFS",
  "EIO",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
  // Our own: the storage said nothing within STORAGE_TIMEOUT_MS (storage/deadline.server.ts).
  STORAGE_NOT_ANSWERING,
]);
// A disk with no room left under the photos (the local store, the temporary files), a MinIO whose
// drives are, or PostgreSQL's (disk_full, 53100: a table it could not extend): 507, not an outage,
// since waiting a minute does not help; freeing space does. (A PostgreSQL that stopped on a full
// disk, as after a PANIC on its log, is an outage: nothing answers the connection.)
const DISK_FULL = new Set(["ENOSPC", "EDQUOT", "XMinioStorageFull", "53100"]);
// S3 error codes of a store that is there but cannot serve now.
const S3_UNAVAILABLE = new Set(["ServiceUnavailable", "SlowDown", "InternalError", "RequestTimeout"]);

type Coded = { code?: unknown; cause?: unknown; name?: unknown; errors?: unknown };

/** The error and the errors it wraps (Drizzle's DrizzleQueryError, AggregateError of a dual-stack connect). */
function* chain(error: unknown): Generator<Coded> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length) {
    const next = queue.shift();
    if (!next || typeof next !== "object" || seen.has(next)) continue;
    seen.add(next);
    yield next as Coded;
    queue.push((next as Coded).cause);
    if (Array.isArray((next as Coded).errors)) queue.push(...((next as Coded).errors as unknown[]));
  }
}

function isPostgresError(error: Coded): boolean {
  return error.name === "PostgresError" || (typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code));
}

/** Whether `error` says the database is not answering. */
export function isDatabaseOutage(error: unknown): boolean {
  let inQuery = false;
  for (const link of chain(error)) {
    // A network failure under a failed query is the database's, whatever socket carried it.
    if (link.name === "DrizzleQueryError") inQuery = true;
    if ((link as Record<symbol, unknown>)[DATABASE_OUTAGE]) return true;
    const code = typeof link.code === "string" ? link.code : "";
    if (DRIVER_CODES.has(code)) return true;
    if (isPostgresError(link) && (SERVER_STATES.has(code) || SERVER_CLASSES.includes(code.slice(0, 2)))) return true;
    if (inQuery && STORAGE_CODES.has(code)) return true;
  }
  return false;
}

/** Whether `error` says a disk the club writes to is full. */
export function isDiskFull(error: unknown): boolean {
  for (const link of chain(error)) if (typeof link.code === "string" && DISK_FULL.has(link.code)) return true;
  return false;
}

/** Whether `error` says the photo storage is not answering (or cannot take more). */
export function isStorageOutage(error: unknown): boolean {
  if (isDatabaseOutage(error)) return false;
  for (const link of chain(error)) {
    const code = typeof link.code === "string" ? link.code : "";
    if (STORAGE_CODES.has(code) || S3_UNAVAILABLE.has(code)) return true;
  }
  return false;
}

/**
 * The driver's own words for an outage, in one short line: the innermost error's code and first line
 * (never a failed query's text, which may quote its parameters).
 */
export function outageCause(error: unknown): string {
  let words = "";
  for (const link of chain(error)) {
    if (link.name === "DrizzleQueryError") continue;
    const message = (link as { message?: unknown }).message;
    const code = typeof link.code === "string" ? link.code : "";
    const line = typeof message === "string" ? (message.split("\n")[0] ?? "").trim() : "";
    if (line || code) words = line.includes(code) ? line : `${code}${line ? ` ${line}` : ""}`;
  }
  return (words || "no reason given").slice(0, 200);
}

/**
 * An outage as the refusal it is (503 with words for people); any other error
 * unchanged. The part and the driver's reason go on the request's one log
 * line (logger.server.ts), for the operator; outside a request, on a line of its own.
 */
export function refusalOf(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if (isDiskFull(error)) {
    const cause = `disk full (${outageCause(error)})`;
    if (!noteRequestCause(cause)) requestLog().warn(`Answering 507: ${cause}`);
    return new UnavailableError(DISK_FULL_MESSAGE, 507);
  }
  const part = isDatabaseOutage(error) ? "database" : isStorageOutage(error) ? "storage" : null;
  if (!part) return error;
  const message = part === "database" ? DATABASE_UNAVAILABLE_MESSAGE : STORAGE_UNAVAILABLE_MESSAGE;
  const cause = `${part} not answering (${outageCause(error)})`;
  if (!noteRequestCause(cause)) requestLog().warn(`Answering 503: ${cause}`);
  return new UnavailableError(message);
}
