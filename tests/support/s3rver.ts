// s3rver, the S3 API on loopback, for tests and end-to-end specs (no app imports
// here, so Playwright specs can use it without loading the server's modules).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export const S3RVER_KEY = "S3RVER";

// Browsers PUT straight to the bucket, so it must allow cross-origin PUTs.
const corsForBrowsers = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export type TestS3 = { endpoint: string; bucket: string; directory: string; stop: () => Promise<void> };

/** Starts s3rver on a free loopback port. With `bucket`, the bucket exists already (with CORS for browsers). */
export async function startS3rver(options: { bucket?: string } = {}): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "club-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.bucket ? [{ name: options.bucket, configs: [corsForBrowsers] }] : [],
  });
  const address = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: options.bucket ?? "",
    directory,
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
