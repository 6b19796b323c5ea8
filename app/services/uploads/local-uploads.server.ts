// The local-disk twin of a presigned PUT (PUT /uploads/:token): without S3 the
// bytes of an announced upload (assets.server.ts) come to the app itself, are
// counted on the way and land in the store once complete.
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@db/client.server";
import { assets } from "@db/schema";
import { requestLog } from "~/base/logger.server";
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";
import { endWhenDiskStalls, withDeadline } from "~/storage/deadline.server";
import { LocalStorage } from "~/storage/local-storage.server";
import { storage } from "~/storage/storage.server";
import type { AssetRow } from "./assets.server";
import { verifySignedId } from "./signed-ids.server";

/**
 * PUT /uploads/:token, the local-disk twin of a presigned PUT. The bytes stream
 * to a scratch file and are counted on the way; more than announced (or than the
 * limit) stops the upload at once, fewer is refused at the end.
 *
 * One PUT per token is let in: it claims the row first (uploading_at), in one
 * statement, so a second PUT racing it is refused (409) before it writes
 * anything. A PUT that fails gives the claim back, so the member may send again.
 */
export async function receiveLocalUpload(token: string, body: ReadableStream<Uint8Array> | null): Promise<void> {
  const store = storage();
  if (!(store instanceof LocalStorage)) throw new NotFoundError();
  const check = verifySignedId(token, "put");
  if (!check.ok) {
    if (check.reason === "expired") throw new ForbiddenError("This upload link has expired.");
    throw new NotFoundError();
  }
  const asset = await claimPut(check.assetId);
  let adopted = false;
  try {
    if (!body) throw InvalidError.field("file", "The upload has no content.");
    await writeUpload(store, asset, body);
    adopted = true;
    await db().update(assets).set({ uploadedAt: new Date() }).where(eq(assets.id, asset.id));
  } catch (error) {
    // Once the file is in place the claim stays: a second PUT must not replace it.
    if (!adopted) {
      await releasePut(asset.id).catch((releaseError: unknown) =>
        requestLog().error({ err: releaseError }, `Could not give back the PUT of upload ${asset.id}`),
      );
    }
    throw error;
  }
}

/** Lets one PUT in: sets uploading_at where nobody has, or says why not (404, 409). */
async function claimPut(assetId: number): Promise<AssetRow> {
  const [claimed] = await db()
    .update(assets)
    .set({ uploadingAt: new Date() })
    .where(
      and(eq(assets.id, assetId), isNull(assets.uploadingAt), isNull(assets.uploadedAt), isNull(assets.attachedAt)),
    )
    .returning();
  if (claimed) return claimed;
  const [asset] = await db().select().from(assets).where(eq(assets.id, assetId));
  if (!asset) throw new NotFoundError();
  if (asset.uploadedAt || asset.attachedAt) throw new ConflictError("This file has already been uploaded.");
  throw new ConflictError("This file is already being uploaded.");
}

async function releasePut(assetId: number) {
  await db()
    .update(assets)
    .set({ uploadingAt: null })
    .where(and(eq(assets.id, assetId), isNull(assets.uploadedAt)));
}

async function writeUpload(store: LocalStorage, asset: AssetRow, body: ReadableStream<Uint8Array>) {
  const expected = asset.byteSize;
  const scratch = await store.scratchFile();
  const reader = body.getReader();
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > expected) done(new ByteCountError());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(
      bodyStream(reader),
      counter,
      // A hung disk ends the upload with the storage error (503) instead of holding it.
      endWhenDiskStalls(createWriteStream(scratch), `writing ${asset.key}`, store.timeout),
    );
    if (received !== expected) throw new ByteCountError();
    await store.adopt(asset.key, scratch);
  } catch (error) {
    await withDeadline("removing a scratch file", store.timeout, fs.rm(scratch, { force: true })).catch(() => {});
    // A write that failed (a full disk) still reads what the member has left to send, up to the size
    // announced, so the browser hears the answer (507) rather than a cut connection.
    if (!(error instanceof ByteCountError)) await dropRest(reader, expected - received).catch(() => {});
    if (error instanceof ByteCountError) {
      throw InvalidError.field("file", `The file sent does not match its announced size of ${expected} bytes.`);
    }
    throw error;
  }
}

class ByteCountError extends Error {}

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

/** The body as a Node stream that leaves the rest of the body unread when the write fails (for dropRest). */
function bodyStream(reader: BodyReader): Readable {
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
        (error: unknown) => this.destroy(error as Error),
      );
    },
    // Not cancelled here: cancelling the body cuts the member's connection before the answer is sent.
    destroy(error, callback) {
      callback(error);
    },
  });
}

/** Reads what is left of the body and drops it, at most `limit` bytes: a body longer than that is cut off. */
async function dropRest(reader: BodyReader, limit: number) {
  for (let dropped = 0; dropped <= limit;) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
  }
  await reader.cancel();
}
