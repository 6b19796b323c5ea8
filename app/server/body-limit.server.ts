// Reading a request body without trusting its size: a declared Content-Length
// over the limit is refused before a byte is read, and a body that streams
// past the limit is cut off there. Nothing unbounded is ever buffered.
import { DomainError, InvalidError } from "~/services/errors.server";

/** Forms of the site (a profile with a long bio is the largest): 64 KiB. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export class RequestTooLargeError extends DomainError {
  readonly headers = { Connection: "close" };
  constructor(limit: number) {
    super(413, `The request is too large (at most ${limit} bytes).`);
  }
}

/** The body as text, at most `limit` bytes; 413 past it. */
export async function readBoundedText(request: Request, limit: number): Promise<string> {
  return (await readBoundedBytes(request, limit)).toString("utf8");
}

/** The body's bytes, at most `limit`; 413 past it. */
export async function readBoundedBytes(request: Request, limit: number): Promise<Buffer> {
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
      await reader.cancel().catch(() => {});
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
 * of every form and JSON body (a 422 naming nothing in particular).
 */
export function refuseNulCharacters(value: unknown): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new InvalidError([], NUL_CHARACTER_MESSAGE);
  } else if (Array.isArray(value)) {
    value.forEach(refuseNulCharacters);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      refuseNulCharacters(key);
      refuseNulCharacters(inner);
    }
  }
}
