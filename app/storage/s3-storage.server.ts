// MinIO / S3 through the `minio` client. The browser uploads straight to the
// bucket with a presigned PUT, so large files never pass through the app.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { Client, CopyDestinationOptions, CopySourceOptions } from "minio";
import { boundedTransport, DEFAULT_STORAGE_TIMEOUT_MS } from "./deadline.server";
import { isSafeKey } from "./keys.server";
import type { DirectUploadTarget, ObjectStorage, StoredObject, StoredObjectInfo } from "./storage.server";

type S3Config = {
  endpoint: string;
  /** The address browsers use for presigned uploads (MinIO behind a proxy or in compose). */
  publicUrl: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** How long the store may stay silent (connecting, answering, mid-body) before it counts as down. */
  timeoutMs?: number;
};

function clientFor(address: string, config: S3Config) {
  const url = new URL(address);
  const useSSL = url.protocol === "https:";
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
    // MinIO and s3rver address buckets by path, not by subdomain.
    pathStyle: true,
    // A frozen store (it accepts, then says nothing) ends each request after the timeout.
    transport: boundedTransport(useSSL ? "https:" : "http:", config.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS),
  });
}

/** Temporary copies of originals (for sharp and exiftool) are folders named with this prefix. */
const LOCAL_COPY_PREFIX = "club-original-";

const isNotFound = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === "NotFound" || code === "NoSuchKey" || code === "NoSuchObject";
};

export class S3Storage implements ObjectStorage {
  readonly kind = "s3" as const;
  private readonly client: Client;
  // Signing is offline, but the signature covers the host the browser will use.
  private readonly publicClient: Client;

  constructor(private readonly config: S3Config) {
    this.client = clientFor(config.endpoint, config);
    this.publicClient = config.publicUrl === config.endpoint ? this.client : clientFor(config.publicUrl, config);
  }

  private key(key: string) {
    if (!isSafeKey(key)) throw new Error(`Refusing storage key ${JSON.stringify(key)}`);
    return key;
  }

  async prepare() {
    if (!(await this.client.bucketExists(this.config.bucket))) {
      await this.client.makeBucket(this.config.bucket, this.config.region);
    }
  }

  async check() {
    if (!(await this.client.bucketExists(this.config.bucket)))
      throw new Error(`Bucket ${this.config.bucket} is missing`);
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }) {
    await this.client.putObject(
      this.config.bucket,
      this.key(key),
      body,
      options.size ?? (Buffer.isBuffer(body) ? body.length : undefined),
      {
        "Content-Type": options.contentType,
      },
    );
  }

  async copy(from: string, to: string, contentType: string) {
    await this.client.copyObject(
      new CopySourceOptions({ Bucket: this.config.bucket, Object: this.key(from) }),
      new CopyDestinationOptions({
        Bucket: this.config.bucket,
        Object: this.key(to),
        // The type is ours, not whatever the upload said.
        MetadataDirective: "REPLACE",
        Headers: { "Content-Type": contentType },
      }),
    );
  }

  async *list(): AsyncIterable<string> {
    for await (const item of this.client.listObjectsV2(this.config.bucket, "", true)) {
      const key = (item as { name?: string }).name;
      if (key && isSafeKey(key)) yield key;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await this.client.statObject(this.config.bucket, this.key(key));
      const metaData = info.metaData as Record<string, string | undefined>;
      return {
        size: info.size,
        contentType: metaData["content-type"] ?? "application/octet-stream",
        etag: `"${info.etag}"`,
        lastModified: info.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<StoredObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    try {
      return { ...info, stream: await this.client.getObject(this.config.bucket, key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async localCopy(key: string) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), LOCAL_COPY_PREFIX));
    const file = path.join(dir, crypto.randomUUID());
    const release = () => fs.rm(dir, { recursive: true, force: true });
    try {
      // Streamed to disk: a 50 MB original never sits whole in the JS heap.
      await this.client.fGetObject(this.config.bucket, this.key(key), file);
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  async remove(keys: string[]) {
    if (keys.length === 0) return;
    const results = await this.client.removeObjects(
      this.config.bucket,
      keys.map((k) => this.key(k)),
    );
    // A refused key comes back in the answer, not as an exception: it is not removed.
    const refused = results.find((result) => result?.Error && result.Error.Code !== "NoSuchKey");
    if (refused?.Error) {
      throw new Error(`Storage refused to remove ${refused.Error.Key}: ${refused.Error.Code} ${refused.Error.Message}`);
    }
  }

  /**
   * Temporary copies of originals a killed process left in the temporary folder.
   * (S3 itself keeps no half-written object: a PUT lands whole or not at all.)
   * Only those untouched since `olderThan`: another process may be using one.
   */
  async removeLeftovers(olderThan: Date): Promise<number> {
    const names = await fs.readdir(os.tmpdir()).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((entry) => entry.startsWith(LOCAL_COPY_PREFIX))) {
      const dir = path.join(os.tmpdir(), name);
      const info = await fs.stat(dir).catch(() => null);
      if (!info?.isDirectory() || info.mtime >= olderThan) continue;
      await fs.rm(dir, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  async presignedPut(key: string, expiresInSeconds: number): Promise<DirectUploadTarget> {
    const url = await this.publicClient.presignedPutObject(this.config.bucket, this.key(key), expiresInSeconds);
    return { url, headers: {} };
  }

  async presignedGet(key: string, expiresInSeconds: number, responseHeaders: Record<string, string> = {}) {
    // S3 lets a GET override its answer's headers (response-cache-control, ...) when they are signed in.
    const overrides = Object.fromEntries(
      Object.entries(responseHeaders).map(([name, value]) => [`response-${name.toLowerCase()}`, value]),
    );
    return this.publicClient.presignedGetObject(this.config.bucket, this.key(key), expiresInSeconds, overrides);
  }
}
