// What a member can make the server keep (docs/security.md), on both
// storage drivers: announcements are limited in rate and in bytes not yet used,
// also when they race; and the app's own PUT endpoint lets one PUT per token in.
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets } from "@db/schema";
import { env } from "~/env.server";
import { closeExiftool } from "~/images/exif.server";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { action as uploadsRoute } from "~/routes/uploads";
import { createPhotoFromUpload } from "~/services/uploads/photo-uploads.server";
import { signAssetId } from "~/services/uploads/signed-ids.server";
import { makeMember, cookieFor } from "../support/members";
import { call } from "../support/routes";
import { useTestStorage } from "../support/storage";
import { announce, putBytes, uploadFile } from "../support/uploads";

let smallJpeg: Buffer;

beforeAll(async () => {
  smallJpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#a05030" } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await closeExiftool();
});

/** Runs `work` with one setting changed, then puts it back. */
async function withSetting<K extends "UPLOAD_PENDING_MAX_BYTES" | "UPLOAD_ANNOUNCE_PER_10_MIN">(
  name: K,
  value: number,
  work: () => Promise<void>,
) {
  const before = env()[name];
  env()[name] = value;
  try {
    await work();
  } finally {
    env()[name] = before;
  }
}

async function pendingBytes(memberId: number) {
  const [row] = await db()
    .select({ sum: sql<string>`coalesce(sum(${assets.byteSize}), 0)` })
    .from(assets)
    .where(and(eq(assets.createdById, memberId), isNull(assets.attachedAt)));
  return Number(row!.sum);
}

const blob = (byteSize: number, name = "street.jpg") => ({
  filename: name,
  content_type: "image/jpeg",
  byte_size: byteSize,
});

describe.each(["local", "s3"] as const)("announcing uploads on the %s driver", (driver) => {
  useTestStorage(driver, "club-security-uploads");

  it("holds a member's unused bytes to UPLOAD_PENDING_MAX_BYTES, even when 25 announcements race", async () => {
    await withSetting("UPLOAD_PENDING_MAX_BYTES", 10_000, async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const answers = await Promise.all(Array.from({ length: 25 }, () => announce(cookie, blob(1000))));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      expect(await pendingBytes(member.id)).toBe(10_000);

      const refused = answers.find((answer) => answer.status === 409)!;
      expect(await refused.json()).toEqual({
        message:
          "Your uploads not yet used hold 10 KB of the 10 KB that may wait. Finish those first; unused uploads are cleared after a day.",
      });
      // Even the smallest file is refused now, and nothing was recorded for it.
      expect((await announce(cookie, blob(1))).status).toBe(409);
      expect(await pendingBytes(member.id)).toBe(10_000);

      // The allowance is each member's own.
      const other = await makeMember();
      expect((await announce(await cookieFor(other.id), blob(10_000))).status).toBe(201);
    });
  });

  it("gives the bytes back once an upload is used by a photo", async () => {
    await withSetting("UPLOAD_PENDING_MAX_BYTES", 2 * smallJpeg.length, async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      const first = await uploadFile(cookie, smallJpeg, "first.jpg");
      expect((await announce(cookie, blob(smallJpeg.length, "second.jpg"))).status).toBe(201);
      const third = await announce(cookie, blob(smallJpeg.length, "third.jpg"));
      expect(third.status).toBe(409);

      await createPhotoFromUpload(
        { id: member.id, license: "allrightsreserved", acquireLicensePage: null },
        { filename: "first.jpg", file: first },
      );
      expect(await pendingBytes(member.id)).toBe(smallJpeg.length);
      expect((await announce(cookie, blob(smallJpeg.length, "third.jpg"))).status).toBe(201);
    });
  });

  it("limits announcements to UPLOAD_ANNOUNCE_PER_10_MIN per member (429 with Retry-After)", async () => {
    await withSetting("UPLOAD_ANNOUNCE_PER_10_MIN", 5, async () => {
      const member = await makeMember();
      const cookie = await cookieFor(member.id);
      for (let i = 0; i < 5; i++) expect((await announce(cookie, blob(10))).status).toBe(201);
      const limited = await announce(cookie, blob(10));
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        message: expect.stringMatching(/^Too many uploads started\. Please try again in (10 minutes|\d minutes?)\.$/),
      });
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Refused announcements record nothing.
      expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toHaveLength(5);

      const other = await makeMember();
      expect((await announce(await cookieFor(other.id), blob(10))).status).toBe(201);
    });
  });

  if (driver === "s3") {
    it("has no PUT endpoint of its own: the bytes go to the bucket", async () => {
      const member = await makeMember();
      const announced = (await (
        await announce(await cookieFor(member.id), blob(smallJpeg.length))
      ).json()) as DirectUploadResponse;
      expect(new URL(announced.direct_upload.url).pathname).not.toMatch(/^\/uploads\//);
      const token = signAssetId(announced.id, "put", new Date(Date.now() + 60_000));
      const put = await call(
        uploadsRoute,
        new Request(`http://localhost/uploads/${token}`, {
          method: "PUT",
          body: smallJpeg,
          duplex: "half",
        } as RequestInit),
        { token },
      );
      expect(put.status).toBe(404);
    });
  }
});

describe("the app's own upload endpoint (local disk) takes one PUT per token", () => {
  const local = useTestStorage("local");

  async function announced(bytes: Buffer) {
    const member = await makeMember();
    const answer = await announce(await cookieFor(member.id), blob(bytes.length));
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as DirectUploadResponse;
    // The answer names no storage key; the test reads the stored file by the row's.
    const [row] = await db().select({ key: assets.key }).from(assets).where(eq(assets.id, body.id));
    return { ...body, key: row!.key };
  }

  /** PUTs a body that sends half, then waits for `release` before the rest; `reading` resolves once the server reads it. */
  function heldPut(target: DirectUploadResponse["direct_upload"], bytes: Buffer, release: Promise<void>) {
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    const half = Math.floor(bytes.length / 2);
    let step = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (step === 0) {
            started();
            controller.enqueue(new Uint8Array(bytes.subarray(0, half)));
          } else if (step === 1) {
            await release;
            controller.enqueue(new Uint8Array(bytes.subarray(half)));
          } else controller.close();
          step++;
        },
      },
      // Pulled only when the server reads, so `reading` means the PUT was let in.
      { highWaterMark: 0 },
    );
    const url = new URL(target.url);
    const token = decodeURIComponent(url.pathname.slice("/uploads/".length));
    const answer = call(
      uploadsRoute,
      new Request(url, { method: "PUT", headers: target.headers, body, duplex: "half" } as RequestInit),
      { token },
    );
    return { reading, answer };
  }

  const incoming = async () => (await fs.readdir(path.join(local.storage.root, "incoming")).catch(() => [])).length;

  it("a second PUT while the first is sending is refused (409) and writes nothing", async () => {
    const target = await announced(smallJpeg);
    const other = Buffer.alloc(smallJpeg.length, 0x5a);
    let release!: () => void;
    const first = heldPut(target.direct_upload, smallJpeg, new Promise((resolve) => (release = resolve)));
    await first.reading;

    const second = await putBytes(target.direct_upload, other);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: "This file is already being uploaded." });
    expect(await incoming()).toBe(1); // only the first PUT's scratch file

    release();
    expect((await first.answer).status).toBe(200);
    expect(await fs.readFile(local.storage.pathFor(target.key))).toEqual(smallJpeg);
    expect(await incoming()).toBe(0);

    const again = await putBytes(target.direct_upload, other);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This file has already been uploaded." });
    expect(await fs.readFile(local.storage.pathFor(target.key))).toEqual(smallJpeg);
  });

  it("five PUTs of one token at once: exactly one writes, the other four are refused", async () => {
    const target = await announced(smallJpeg);
    const bodies = Array.from({ length: 5 }, (_, i) => Buffer.alloc(smallJpeg.length, i + 1));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const puts = bodies.map((bytes) => heldPut(target.direct_upload, bytes, released));
    // Each PUT is either let in (and holds its second half) or already answered: no one finishes first by luck.
    await Promise.all(puts.map((put) => Promise.race([put.reading, put.answer])));
    release();
    const statuses = (await Promise.all(puts.map((put) => put.answer))).map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 409, 409, 409, 409]);
    // The file is whole and is the winner's.
    expect(await fs.readFile(local.storage.pathFor(target.key))).toEqual(bodies[statuses.indexOf(200)]);
    expect(await incoming()).toBe(0);
  });

  it("a PUT that fails gives its claim back, so the member can send again", async () => {
    const target = await announced(smallJpeg);
    const short = await putBytes(target.direct_upload, smallJpeg.subarray(0, 10));
    expect(short.status).toBe(422);
    const [row] = await db().select().from(assets).where(eq(assets.id, target.id));
    expect(row!.uploadingAt).toBeNull();

    expect((await putBytes(target.direct_upload, smallJpeg)).status).toBe(200);
    const [done] = await db().select().from(assets).where(eq(assets.id, target.id));
    expect(done!.uploadingAt).not.toBeNull();
    expect(done!.uploadedAt).not.toBeNull();
    expect(await fs.readFile(local.storage.pathFor(target.key))).toEqual(smallJpeg);
  });
});
