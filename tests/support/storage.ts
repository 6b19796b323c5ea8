// Real storage stand-ins for tests: a temporary folder (local driver) and s3rver,
// the S3 API on loopback, driven by the real `minio` client (S3 driver).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { LocalStorage } from "~/storage/local-storage.server";
import { S3Storage } from "~/storage/s3-storage.server";
import type { ObjectStorage } from "~/storage/storage.server";

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

export function s3StorageFor(s3: TestS3, bucket: string): S3Storage {
  return new S3Storage({
    endpoint: s3.endpoint,
    publicUrl: s3.endpoint,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    bucket,
    region: "us-east-1",
  });
}

export async function temporaryLocalStorage(): Promise<{ storage: LocalStorage; cleanup: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "club-storage-"));
  return { storage: new LocalStorage(root), cleanup: () => fs.rm(root, { recursive: true, force: true }) };
}

/** Every key a storage holds (to prove nothing was left behind). */
export async function storedKeys(storage: ObjectStorage, s3?: TestS3): Promise<string[]> {
  const root = storage instanceof LocalStorage ? storage.root : path.join(s3!.directory);
  const files = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return files
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes("/incoming/") && !file.startsWith("incoming/"))
    .filter((file) => !file.endsWith("._S3rver_metadata.json") && !file.endsWith("._S3rver_object.md5"))
    .map((file) => (s3 ? file.replace(/^[^/]+\//, "").replace(/\._S3rver_object$/, "") : file))
    .sort();
}
