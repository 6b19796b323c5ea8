// A full disk, as on a Raspberry Pi's SD card: the built server's photo folder is a
// tmpfs of 8 MB of its own (support/tiny-disk.ts), filled by the test. /healthz says
// the disk is low before it is full; an upload that meets the full disk is answered
// 507 with the club's words (the API's JSON, the upload page's message), never a cut
// connection, and leaves no half-written file; freeing space is all it takes after.
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { CAMERA_FIXTURES, sessionCookie } from "./support/club-api";
import { memberDetails } from "./support/members";
import { submitLogin } from "./support/ui";
import { useClubServer } from "./support/use-club-server";
import { filesIn, fillUntil, onTinyDisk, storageOf, tinyDisksWork } from "./support/tiny-disk";

const DISK_FULL = "The club's server has run out of disk space; please tell an administrator.";
const FILE = "orientation-landscape_3.jpg";
const bytes = fs.readFileSync(`${CAMERA_FIXTURES}/${FILE}`);
const MB = 1024 * 1024;

const dora = memberDetails("dora_disk", "Dora", "Disk");

test.skip(!tinyDisksWork(), "needs unprivileged user namespaces (unshare -Urm) for a tmpfs of the server's own");
test.describe.configure({ mode: "serial" });

const server = useClubServer({
  name: "disk-full",
  members: [dora],
  env: { DISK_SPACE_MIN_MB: "2" },
  launch: onTinyDisk(8),
});

const storage = () => storageOf(server.pid, server.dataDir);
const health = async () => {
  const answer = await fetch(`${server.baseURL}/healthz`);
  return { status: answer.status, body: await answer.json() };
};

/** Announces the file; returns its signed id and where to PUT it. */
async function announce(cookie: string) {
  const announced = await fetch(`${server.baseURL}/api/assets`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify({ blob: { filename: FILE, content_type: "image/jpeg", byte_size: bytes.length } }),
  });
  expect(announced.status).toBe(201);
  return (await announced.json()) as {
    signed_id: string;
    direct_upload: { url: string; headers: Record<string, string> };
  };
}

const createPhoto = (cookie: string, signedId: string) =>
  fetch(`${server.baseURL}/api/photos`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie },
    body: JSON.stringify({ filename: FILE, file: signedId }),
  });

test.afterEach(() => fs.rmSync(`${storage()}/filler`, { force: true }));

test("/healthz reports the disk low below DISK_SPACE_MIN_MB, before it is full, and well again once freed", async () => {
  expect(await health()).toMatchObject({ status: 200, body: { ok: true, disk: { ok: true } } });
  fillUntil(storage(), 1.5 * MB);
  expect(await health()).toEqual({
    status: 503,
    body: expect.objectContaining({
      ok: false,
      disk: { ok: false, kind: "space" },
      storage: { ok: true, kind: "local" },
    }),
  });
  fs.rmSync(`${storage()}/filler`);
  expect(await health()).toMatchObject({ status: 200, body: { ok: true, disk: { ok: true } } });
});

test("an upload's bytes meeting a full disk: 507 in the API's JSON, and no half-written file left", async () => {
  const cookie = await sessionCookie(server.baseURL, dora);
  const { signed_id, direct_upload } = await announce(cookie);
  const before = filesIn(storage());
  fillUntil(storage(), 16 * 1024);
  const put = await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes });
  expect(put.status).toBe(507);
  expect(await put.json()).toEqual({ message: DISK_FULL });
  expect(filesIn(storage())).toEqual(before);

  // Space freed, the same upload goes through without a restart.
  fs.rmSync(`${storage()}/filler`);
  const again = await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes });
  expect(again.status).toBe(200);
  expect((await createPhoto(cookie, signed_id)).status).toBe(201);
});

test("the bytes fit but the photo's sizes do not: 507, and nothing of the upload is left half-made", async () => {
  const cookie = await sessionCookie(server.baseURL, dora);
  const { signed_id, direct_upload } = await announce(cookie);
  const before = filesIn(storage());
  // Room for the original (in whole pages of the tmpfs) and not for its sizes.
  fillUntil(storage(), Math.ceil(bytes.length / 4096) * 4096 + 4096);
  const put = await fetch(direct_upload.url, { method: "PUT", headers: direct_upload.headers, body: bytes });
  expect(put.status).toBe(200);
  expect(filesIn(storage())).toHaveLength(before.length + 1);
  const created = await createPhoto(cookie, signed_id);
  expect(created.status).toBe(507);
  expect(await created.json()).toEqual({ message: DISK_FULL });
  // The upload is given up whole, as any failed photo is (the member sends it again): no size, no partial file.
  expect(filesIn(storage())).toEqual(before);

  fs.rmSync(`${storage()}/filler`);
  const next = await announce(cookie);
  await fetch(next.direct_upload.url, { method: "PUT", headers: next.direct_upload.headers, body: bytes });
  expect((await createPhoto(cookie, next.signed_id)).status).toBe(201);
});

test("the upload page says the disk is full and offers Try again, which works once space is freed", async ({
  page,
}) => {
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, dora.username, dora.password);
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await page.goto(`${server.baseURL}/upload`);
  fillUntil(storage(), 16 * 1024);
  await page.getByLabel("Photos to upload").setInputFiles(`${CAMERA_FIXTURES}/${FILE}`);
  const item = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: FILE });
  await expect(item.getByRole("alert")).toHaveText(DISK_FULL);
  fs.rmSync(`${storage()}/filler`);
  await item.getByRole("button", { name: "Try again" }).click();
  await expect(item.getByRole("status")).toHaveText("Photo added!", { timeout: 60_000 });
});
