// Reading a request body without trusting its size: a declared Content-Length
// over the limit is refused before a byte is read, and a body that streams
// past the limit is cut off there. Nothing unbounded is ever buffered.
import { DomainError } from "~/services/errors.server";

/** Forms of the site (a profile with a long bio is the largest): 64 KiB. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export class RequestTooLargeError extends DomainError {
  readonly status = 413;
  readonly headers = { Connection: "close" };
  constructor(limit: number) {
    super(`The request is too large (at most ${limit} bytes).`);
    this.name = "RequestTooLargeError";
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
  return new Request("http://form.local/", {
    method: "POST",
    headers: { "Content-Type": type },
    body: new Uint8Array(bytes),
  }).formData();
}
