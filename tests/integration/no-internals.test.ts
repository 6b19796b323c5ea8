// What the running site answers never tells where or how things are stored:
// no storage key (the *Key columns, the asset's key), no path of the storage
// folder, no stack. Checked over real HTTP, on the upload's answers, the photo's
// JSON and the pages that show the photo (their loader data is in the HTML).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, photos, users } from "@db/schema";
import type { DirectUploadResponse } from "~/lib/upload-schemas";
import { applyPictureChange } from "~/services/members/pictures.server";
import { derivedKey } from "~/storage/keys.server";
import { type ObjectStorage, storage, useStorage } from "~/storage/storage.server";
import { useHttpApp } from "../support/http-app";
import { useCameraJpeg } from "../support/camera-file";
import { cookieFor, makeMember } from "../support/members";
import { useTestStorage } from "../support/storage";
// The PUT goes through the route in this process: the site's module graph (Vite's)
// has its own LocalStorage class, which the test's storage is not an instance of.
import { putBytes, uploadFile } from "../support/uploads";

// The storage before the site starts (hooks run in the order declared).
const used = useTestStorage("local");
const site = useHttpApp();
const camera = useCameraJpeg();

/** Fails naming the first stored key, storage path or stack line that `text` gives away. */
function expectNoInternals(text: string, keys: string[], where: string) {
  const secrets = [
    ...keys,
    // The random part of each key on its own, in case it was reshaped into a URL.
    ...keys.map((key) => key.split("/").pop()!),
    used.storage.root,
    // The project's own folder, where a stack's file names would start.
    process.cwd(),
  ];
  for (const secret of secrets) expect(text.includes(secret), `${where} gives away ${secret}`).toBe(false);
  // Key prefixes, the columns' names, and a stack's "at file.ts:12" lines. (The pages
  // served here come from Vite's dev loader, whose script links name node_modules.)
  const found = /\boriginals\/|\bderived\/|thumbKey|largeKey|"key"|\bat [^\n]*\.[jt]sx?:\d+/.exec(text);
  expect(found && text.slice(Math.max(0, found.index - 80), found.index + 80), where).toBeNull();
}

async function announce(cookie: string, bytes: Buffer) {
  return fetch(`${site.url}/api/assets`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: site.url, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ blob: { filename: "street.jpg", content_type: "image/jpeg", byte_size: bytes.length } }),
  });
}

async function postPhoto(cookie: string, signedId: string) {
  return fetch(`${site.url}/api/photos`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: site.url, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ filename: "street.jpg", file: signedId }),
  });
}

const keyOfAsset = async (id: number) =>
  (await db().select({ key: assets.key }).from(assets).where(eq(assets.id, id)))[0]!.key;

describe("answers without storage internals", () => {
  it("POST /api/assets answers the contract's fields, and no storage key or path", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const response = await announce(cookie, camera.bytes);
    expect(response.status).toBe(201);
    const text = await response.text();
    const body = JSON.parse(text) as DirectUploadResponse;
    expect(Object.keys(body).sort()).toEqual(
      ["byte_size", "content_type", "direct_upload", "filename", "id", "signed_id"].sort(),
    );
    expect(Object.keys(body.direct_upload).sort()).toEqual(["headers", "url"]);
    expectNoInternals(text, [await keyOfAsset(body.id)], "POST /api/assets");
  });

  it("a photo's JSON and the pages that show it carry no storage key or path", async () => {
    const member = await makeMember({ firstName: "Keyless" });
    const cookie = await cookieFor(member.id);
    const announced = (await (await announce(cookie, camera.bytes)).json()) as DirectUploadResponse;
    expect((await putBytes(announced.direct_upload, camera.bytes)).status).toBe(200);
    const created = await postPhoto(cookie, announced.signed_id);
    expect(created.status).toBe(201);
    const createdText = await created.text();
    const photoId = (JSON.parse(createdText) as { id: number }).id;

    const [photo] = await db().select().from(photos).where(eq(photos.id, photoId));
    // The member's picture too: its key and the derived sizes' keys.
    await applyPictureChange(member.id, await uploadFile(cookie, camera.bytes, "me.jpg"));
    const [owner] = await db()
      .select({ pictureAssetId: users.pictureAssetId })
      .from(users)
      .where(eq(users.id, member.id));
    const pictureKey = await keyOfAsset(owner!.pictureAssetId!);
    const keys = [
      photo!.thumbKey!,
      photo!.largeKey!,
      await keyOfAsset(photo!.originalAssetId!),
      pictureKey,
      ...(["thumb", "large"] as const).map((size) => derivedKey(pictureKey, size, "webp")),
    ];
    expectNoInternals(createdText, keys, "POST /api/photos");

    const year = new Date().getFullYear();
    for (const address of [
      `/api/photos/${photoId}`,
      `/api/users/${member.id}`,
      "/api/users/me",
      `/api/photos?userId=${member.id}`,
      `/browse/${photoId}`,
      `/comments/${photoId}`,
      `/members/${member.username}`,
      `/members/${member.username}/all/${photoId}`,
      `/members/${member.username}/${year}`,
      "/",
    ]) {
      const response = await fetch(`${site.url}${address}`, { headers: { Cookie: cookie } });
      expect(response.status, address).toBe(200);
      expectNoInternals(await response.text(), keys, address);
    }
  });

  it("an unexpected failure while making the photo answers 500 without its message, path or stack", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const announced = (await (await announce(cookie, camera.bytes)).json()) as DirectUploadResponse;
    expect((await putBytes(announced.direct_upload, camera.bytes)).status).toBe(200);
    const key = await keyOfAsset(announced.id);
    const working = storage();
    const failing: ObjectStorage = Object.assign(Object.create(working) as ObjectStorage, {
      localCopy: async () => {
        throw new Error(`EIO: i/o error, open '${used.storage.root}/${key}'`);
      },
    });
    useStorage(failing);
    try {
      const response = await postPhoto(cookie, announced.signed_id);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/EIO|i\/o error/);
      expectNoInternals(text, [key], "a failed POST /api/photos");
    } finally {
      useStorage(working);
    }
  });
});
