// An iPhone photo in the browser: a member drops the real HEIC at
// /upload and it becomes a photo like any JPEG, upright, with the phone named in
// its details, served by the production build (the decoder's worker included).
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "./support/fixtures";
import { CAMERA_FIXTURES } from "./support/club-api";
import { memberDetails } from "./support/members";
import { submitLogin } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const HEIC = path.join(CAMERA_FIXTURES, "IMG_5195.HEIC");

const iris = memberDetails("iris_phone", "Iris", "Phone");

const server = useClubServer({ name: "heic", members: [iris] });

test("a member uploads an iPhone HEIC and it becomes an upright photo with the phone in its details", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, iris.username, iris.password);
  await expect(page).toHaveURL(`${server.baseURL}/`);

  await page.goto(`${server.baseURL}/upload`);
  await page.getByLabel("Photos to upload").setInputFiles(HEIC);
  const item = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: "IMG_5195.HEIC" });
  // Decoding a HEIC takes seconds on a busy machine.
  await expect(item.getByRole("status")).toHaveText("Photo added!", { timeout: 60_000 });

  await page.goto(`${server.baseURL}/members/${iris.username}/all`);
  await page.getByRole("list", { name: "Photos" }).getByRole("link").first().click();
  // The camera is in the Details tab (a photo opens on its conversation).
  await page.getByRole("tab", { name: "Details" }).click();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText("Apple iPhone 11 Pro Max", { exact: true })).toBeVisible();
  const image = page.locator(".photo-detail-image img");
  await expect(image).toHaveAttribute("src", /\/media\/photos\/\d+\/large\?v=[\w-]{12}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Shown upright: a portrait picture on the page.
  const box = (await image.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width);

  // The large size as served: portrait, as the phone showed it, with no metadata.
  const large = await page.request.get(new URL((await image.getAttribute("src"))!, server.baseURL).href);
  expect(large.status()).toBe(200);
  const meta = await sharp(await large.body()).metadata();
  expect([meta.width, meta.height, meta.exif, meta.icc]).toEqual([2566, 3313, undefined, undefined]);

  await page.screenshot({ path: testInfo.outputPath("heic-photo-detail.png"), fullPage: false });
});
