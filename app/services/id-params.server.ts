// The ids and names a path or a socket's query carries, parsed once where they
// come in (apiRoute's params, the pages' forms, the live rooms' handshakes): a
// malformed one names nothing, so it is refused as not found.
import { z } from "zod";
import { NotFoundError } from "./errors.server";

/** PostgreSQL's integer columns end here; a larger id can name nothing. */
export const MAX_ID = 2 ** 31 - 1;

const ID_SHAPE = /^[1-9][0-9]{0,9}$/;

/** A path's id as a zod schema (the media routes parse their params with one): as idParam reads it. */
export const IdSegmentSchema = z.string().regex(ID_SHAPE).transform(Number).pipe(z.number().max(MAX_ID));

/** Parses a path id: a positive integer within the database's range, else 404 with `message`. */
export function idParam(message = "Not found.") {
  return (raw: string | undefined): number => {
    const id = raw !== undefined && ID_SHAPE.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id > MAX_ID) throw new NotFoundError(message);
    return id;
  };
}

/** A path parameter taken as it is (an invite id or a reset token, checked by its service). */
export function textParam(message = "Not found.") {
  return (raw: string | undefined): string => {
    if (!raw || raw.length > 200) throw new NotFoundError(message);
    return raw;
  };
}
