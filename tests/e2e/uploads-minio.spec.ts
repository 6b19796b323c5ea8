// Uploading real camera files from the browser with storage on MinIO (s3rver on
// loopback): the page PUTs the bytes straight to the bucket with a presigned URL,
// the server makes the sizes, and the photo shows from the bucket.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { S3RVER_KEY, startS3rver, type TestS3 } from "../support/s3rver";
import { CAMERA_FIXTURES as FIXTURES } from "./support/club-api";
import { memberDetails } from "./support/members";
import { submitLogin } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const BUCKET = "club-e2e-photos";

const member = memberDetails("fan_minio", "Fan", "Ho");

let s3: TestS3;
const club = useClubServer({
  name: "minio",
  members: [member],
  env: async () => {
    s3 = await startS3rver({ bucket: BUCKET });
    return { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: S3RVER_KEY, S3_SECRET_KEY: S3RVER_KEY, S3_BUCKET: BUCKET };
  },
});

test.afterAll(async () => {
  await s3?.stop();
});

test("a member uploads camera files that go straight to MinIO", async ({ page }) => {
  expect(await (await fetch(`${club.baseURL}/healthz`)).json()).toMatchObject({
    ok: true,
    storage: { ok: true, kind: "s3" },
  });

  // Record where the browser sends the bytes.
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.push(request.url());
  });

  await page.goto(`${club.baseURL}/login?from=/upload`);
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(/\/upload$/);
  await page
    .getByLabel("Photos to upload")
    .setInputFiles([path.join(FIXTURES, "gps-DSCN0010.jpg"), path.join(FIXTURES, "orientation-portrait_6.jpg")]);

  const uploads = page.getByRole("list", { name: "Uploads" });
  for (const name of ["gps-DSCN0010.jpg", "orientation-portrait_6.jpg"]) {
    const item = uploads.getByRole("listitem", { name });
    await expect(item.getByText("Photo added!")).toBeVisible({ timeout: 30_000 });
    // The thumbnail is served by the app from the bucket.
    const thumb = item.getByRole("img");
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  // A truncated JPEG reaches the bucket but is refused, with the reason, and leaves nothing there.
  await page.getByLabel("Photos to upload").setInputFiles(path.join(FIXTURES, "corrupted.jpg"));
  await expect(page.getByRole("list", { name: "Files refused" })).toHaveText(
    "corrupted.jpg: The image file is damaged or incomplete.",
    { timeout: 30_000 },
  );
  await expect(uploads.getByRole("listitem")).toHaveCount(2);

  // The PUTs went to MinIO with a presigned signature, not through the app.
  expect(puts).toHaveLength(3);
  for (const url of puts) {
    expect(url.startsWith(`${s3.endpoint}/${BUCKET}/originals/`)).toBe(true);
    expect(url).toContain("X-Amz-Signature=");
  }
  // Originals and both derived sizes are in the bucket, keyed by the server, never by file name.
  const stored = fs.readdirSync(path.join(s3.directory, BUCKET), { recursive: true }).map(String);
  const objects = stored.filter((file) => file.endsWith("._S3rver_object"));
  expect(objects.filter((file) => file.includes("thumb.webp"))).toHaveLength(2);
  expect(objects.filter((file) => file.includes("large.jpg"))).toHaveLength(2);
  expect(objects.filter((file) => file.startsWith("originals/"))).toHaveLength(2);
  expect(stored.some((file) => file.includes("DSCN0010"))).toBe(false);
});
