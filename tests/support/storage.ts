// Real storage stand-ins for tests: a temporary folder (local driver) and s3rver,
// the S3 API on loopback, driven by the real `minio` client (S3 driver).
export { startS3rver, S3RVER_KEY, type TestS3 } from "./s3rver";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { S3RVER_KEY, startS3rver, type TestS3 } from "./s3rver";
import { LocalStorage } from "~/storage/local-storage.server";
import { S3Storage } from "~/storage/s3-storage.server";
import { useStorage, type ObjectStorage } from "~/storage/storage.server";
import { sharedResource } from "./shared-resource";

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

export type StorageInUse<S extends ObjectStorage> = {
  storage: S;
  /** Every key it holds (to prove nothing was left behind). */
  keys(): Promise<string[]>;
};

/**
 * The club's storage for the tests of the file or describe block where it is
 * called: a temporary folder, or s3rver with this bucket, prepared as the
 * server prepares it at start and checked as /healthz checks it; after the
 * last test the club's own storage is put back and the stand-in removed.
 */
export function useTestStorage(driver: "local"): StorageInUse<LocalStorage>;
export function useTestStorage(driver: "local" | "s3", bucket: string): StorageInUse<ObjectStorage>;
export function useTestStorage(driver: "local" | "s3", bucket = "club-test"): StorageInUse<ObjectStorage> {
  return sharedResource(
    async () => {
      let storage: ObjectStorage;
      let s3: TestS3 | undefined;
      let cleanup: () => Promise<void>;
      if (driver === "s3") {
        s3 = await startS3rver();
        storage = s3StorageFor(s3, bucket);
        cleanup = () => s3!.stop();
      } else {
        ({ storage, cleanup } = await temporaryLocalStorage());
      }
      await storage.prepare();
      await storage.check();
      useStorage(storage);
      return { storage, keys: () => storedKeys(storage, s3), cleanup };
    },
    async ({ cleanup }) => {
      useStorage(undefined);
      await cleanup();
    },
  );
}
