// The direct-upload flow as a client performs it: announce the blob through the
// route, then PUT the bytes where it says (the app's own endpoint or s3rver).
import { action as assetsApi } from "~/routes/api/assets";
import { action as uploadsRoute } from "~/routes/uploads";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { request } from "./members";
import { call } from "./routes";

export async function announce(cookie: string, blob: { filename: string; content_type?: string; byte_size: number }) {
  return call(assetsApi, request("/api/assets", { method: "POST", cookie, json: { blob } }));
}

/** PUTs bytes to a direct-upload URL: through the route for the app's own endpoint, over HTTP for S3. */
export async function putBytes(target: DirectUploadResponse["direct_upload"], bytes: Uint8Array): Promise<Response> {
  const url = new URL(target.url);
  if (url.pathname.startsWith("/uploads/")) {
    const token = decodeURIComponent(url.pathname.slice("/uploads/".length));
    return call(
      uploadsRoute,
      new Request(url, { method: "PUT", headers: target.headers, body: bytes, duplex: "half" } as RequestInit),
      { token },
    );
  }
  return fetch(url, { method: "PUT", headers: target.headers, body: Buffer.from(bytes) });
}

/** Announces and sends a file; returns the signed id. */
export async function uploadFile(cookie: string, bytes: Uint8Array, filename: string, contentType = "image/jpeg") {
  const announced = await announce(cookie, { filename, content_type: contentType, byte_size: bytes.length });
  if (announced.status !== 201) throw new Error(`announce failed: ${announced.status} ${await announced.text()}`);
  const body = (await announced.json()) as DirectUploadResponse;
  const put = await putBytes(body.direct_upload, bytes);
  if (!put.ok) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return body.signed_id;
}
