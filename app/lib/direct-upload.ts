// The browser's half of the direct-upload flow (docs/api.md): announce the
// blob, PUT its bytes where the server says (MinIO or the app itself), and hand
// back the signed id for POST /api/photos or a profile's `picture`.
import { ApiError, apiFetch } from "./api-client";
import type { DirectUploadResponse } from "./upload-schemas";

export const UPLOAD_NOT_SENT_MESSAGE =
  "The photo could not be sent: the club's storage or your connection is not answering. Please try again in a minute.";

type Options = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

/**
 * Whether a failed upload step may work when tried again unchanged: the
 * network or the server's storage or database was away (no answer, 502, 503,
 * 504) or its disk was full (507, until space is freed), as opposed to a
 * refusal of the file itself (413, 415, 422).
 */
export function isTransientUploadError(error: unknown): boolean {
  if (error instanceof ApiError) return [0, 502, 503, 504, 507].includes(error.status);
  // fetch rejects with a TypeError when no answer came at all.
  return error instanceof TypeError;
}

export async function directUpload(file: File, options: Options = {}): Promise<string> {
  const announced = await apiFetch<DirectUploadResponse>("/api/assets", {
    method: "POST",
    json: {
      blob: { filename: file.name, content_type: file.type || "application/octet-stream", byte_size: file.size },
    },
    signal: options.signal,
  });
  await putBytes(file, announced.direct_upload, options);
  options.onProgress?.(1);
  return announced.signed_id;
}

// XMLHttpRequest, not fetch: only XHR reports upload progress in every browser.
function putBytes(file: File, target: DirectUploadResponse["direct_upload"], { onProgress, signal }: Options) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", target.url);
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // MinIO answers in XML; the status says enough.
      }
      reject(new ApiError(request.status, body));
    };
    // No answer: the club's storage may be down as well as the member's connection.
    request.onerror = () => reject(new ApiError(0, { message: UPLOAD_NOT_SENT_MESSAGE }));
    request.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}
