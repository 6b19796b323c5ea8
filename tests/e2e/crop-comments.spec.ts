// 'Comment on this crop' in the browser: a member draws a
// crop in the full-screen viewer and comments on it; the comment shows the
// region's picture (cut on the server) under the photo and in the comments
// list, and clicking the picture opens the viewer with the rectangle drawn
// over the same region. Screenshots at 1280 and 390 px. Its own server, so
// the comments list holds only these.
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext, uploadPhoto } from "./support/club-api";
import { repoRoot, type MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { resizeTo, submitLogin, viewer, viewerReady } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

/** Owns the photo. */
const rita = memberDetails("rita_crops", "Rita", "Region");
/** Crops and comments. */
const colm = memberDetails("colm_crops", "Colm", "Corner");
/** Crops beside Colm, from nearly the same corner. */
const nora = memberDetails("nora_crops", "Nora", "Nearby");

let photoId: number;

test.describe.configure({ mode: "serial" });

const server = useClubServer({ name: "crop-comments", members: [rita, colm, nora] });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await logInContext(context, rita);
  // 640x480 (the small camera files are 100 px wide): its large size is the same.
  photoId = (await uploadPhoto(context, "gps-DSCN0010.jpg")).id;
  await context.close();
});

const url = (pathname: string) => `${server.baseURL}${pathname}`;
const screenshotPath = (name: string) => path.join(repoRoot, "test-results", "crop-comments", name);

async function logIn(page: Page, member: MemberDetails) {
  await page.goto(url("/login"));
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(url("/"));
}

const photoOf = (page: Page) => viewer(page).locator(".viewer-frame img");
const cropPicture = (page: Page) => page.getByRole("img", { name: /^The region this comment is about/ });

/** The page point over an image point (fractions), from where the photo is on screen now. */
async function screenPoint(page: Page, dx: number, dy: number) {
  const box = (await photoOf(page).boundingBox())!;
  return { x: box.x + dx * box.width, y: box.y + dy * box.height };
}

/** Waits until the picture has loaded, and answers its natural size. */
async function loadedSize(page: Page) {
  await expect(cropPicture(page).first()).toBeVisible();
  await expect
    .poll(() =>
      cropPicture(page)
        .first()
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
  return cropPicture(page)
    .first()
    .evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, height: image.naturalHeight }));
}

/** The highlighted rectangle's place on the photo, in image fractions. */
async function highlightOnPhoto(page: Page) {
  const photo = (await photoOf(page).boundingBox())!;
  const box = (await viewer(page).getByRole("img", { name: "Highlighted region" }).boundingBox())!;
  return {
    x: (box.x - photo.x) / photo.width,
    y: (box.y - photo.y) / photo.height,
    width: box.width / photo.width,
    height: box.height / photo.height,
  };
}

const CROP = { x: 0.2, y: 0.25, width: 0.4, height: 0.3 };

test("a member comments on a crop; the comment shows its picture, which opens the viewer with the rectangle", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, colm);
  await page.goto(url(`/comments/${photoId}?view=full`));
  await viewerReady(page);

  // Click, move, click: the crop is ended and offers a comment.
  const from = await screenPoint(page, CROP.x, CROP.y);
  const to = await screenPoint(page, CROP.x + CROP.width, CROP.y + CROP.height);
  await page.mouse.click(from.x, from.y);
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.click(to.x, to.y);
  const mine = viewer(page).getByRole("img", { name: "Your crop" });
  await expect(mine).toBeVisible();
  // What is outside the crop is dimmed (the shade over the photo), not only a line round it.
  await expect(viewer(page).locator(".viewer-crop-shade")).toHaveCount(1);
  await viewer(page).getByRole("button", { name: "Comment on this crop" }).click();
  const box = viewer(page).getByLabel("Comment on this crop");
  await expect(box).toBeFocused();
  // Typing and clicking in the form neither cancels the crop nor starts another.
  await box.click();
  await box.fill("The tram's reflection in the window");
  await expect(viewer(page).getByRole("img", { name: "Your crop" })).toBeVisible();
  await page.screenshot({ path: screenshotPath("crop-form-1280.png") });
  await viewer(page).getByRole("button", { name: "Save" }).click();
  await expect(viewer(page).getByText("Comment saved.")).toBeVisible();

  // Stored with the rectangle drawn (to the pixel the mouse could hit).
  const [stored] = await api<{ body: string; crop: typeof CROP; cropUrl: string }[]>(
    context,
    "get",
    url("/api/comments"),
  );
  expect(stored!.body).toBe("The tram's reflection in the window");
  for (const side of ["x", "y", "width", "height"] as const)
    expect(Math.abs(stored!.crop[side] - CROP[side])).toBeLessThan(0.01);

  // Closing takes the crop away; leaving the viewer shows the comment under the photo, with its picture.
  await viewer(page).getByRole("button", { name: "Close" }).click();
  await expect(viewer(page).getByRole("img", { name: "Your crop" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  const comment = page.locator(".comment", { hasText: "The tram's reflection" });
  await expect(comment).toBeVisible();
  const size = await loadedSize(page);
  // The stored region of the 640x480 large, to a pixel's rounding.
  expect(Math.abs(size.width - stored!.crop.width * 640)).toBeLessThanOrEqual(2);
  expect(Math.abs(size.height - stored!.crop.height * 480)).toBeLessThanOrEqual(2);
  await comment.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("comment-1280.png") });

  // The picture opens the viewer with the rectangle over the same region.
  await cropPicture(page).first().click();
  await expect(page).toHaveURL(/[?&]view=full/);
  await expect(page).toHaveURL(/[?&]crop=/);
  await viewerReady(page);
  await expect(async () => {
    const shown = await highlightOnPhoto(page);
    for (const side of ["x", "y", "width", "height"] as const)
      expect(Math.abs(shown[side] - CROP[side])).toBeLessThan(0.015);
  }).toPass();
  await page.screenshot({ path: screenshotPath("highlight-1280.png") });

  // The comments list shows the picture too, and it opens the same.
  await page.goto(url("/comments"));
  const item = page.locator(".feed-item", { hasText: "The tram's reflection" });
  await expect(item).toBeVisible();
  await loadedSize(page);
  await item.getByRole("img", { name: /^The region this comment is about/ }).click();
  await expect(page).toHaveURL(new RegExp(`/comments/${photoId}\\?.*view=full.*crop=`));
  await expect(viewer(page).getByRole("img", { name: "Highlighted region" })).toBeVisible();

  // On a phone: the comment with its picture.
  await resizeTo(page, { width: 390, height: 844 });
  await page.goto(url(`/comments/${photoId}`));
  await expect(comment).toBeVisible();
  await loadedSize(page);
  await comment.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath("comment-390.png") });
  await page.goto(url("/comments"));
  await expect(item).toBeVisible();
  await loadedSize(page);
  await page.screenshot({ path: screenshotPath("feed-390.png") });
});

test("a crop near the bottom-right corner keeps its comment form on screen", async ({ page }) => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await logIn(page, colm);
    await page.goto(url(`/comments/${photoId}?view=full`));
    await viewerReady(page);
    const from = await screenPoint(page, 0.75, 0.85);
    const to = await screenPoint(page, 0.97, 0.97);
    await page.mouse.click(from.x, from.y);
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.click(to.x, to.y);
    await viewer(page).getByRole("button", { name: "Comment on this crop" }).click();
    const form = viewer(page).locator(".crop-comment-form");
    await expect(viewer(page).getByLabel("Comment on this crop")).toBeFocused();
    // Under the crop it would run past the bottom and the right edge; it moves to stay whole on screen.
    await expect(async () => {
      const box = (await form.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    }).toPass();
    await page.screenshot({ path: screenshotPath(`corner-crop-${size.width}.png`) });
    await viewer(page).getByRole("button", { name: "Cancel" }).click();
    await expect(viewer(page).getByRole("img", { name: "Your crop" })).toHaveCount(0);
    await page.context().clearCookies();
  }
});

/** The mean brightness (0-255) of a 6x6 px patch of what the page shows around a point. */
async function brightnessAt(page: Page, point: { x: number; y: number }) {
  const png = await page.screenshot({ clip: { x: point.x - 3, y: point.y - 3, width: 6, height: 6 } });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, value) => sum + value, 0) / data.length;
}

/** Draws a crop by click, move, click between two image points (fractions). */
async function drawCrop(page: Page, from: readonly [number, number], to: readonly [number, number]) {
  const start = await screenPoint(page, ...from);
  const end = await screenPoint(page, ...to);
  await page.mouse.click(start.x, start.y);
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.click(end.x, end.y);
  await expect(viewer(page).getByRole("img", { name: "Your crop" })).toBeVisible();
}

const overlaps = (a: DOMRectLike, b: DOMRectLike) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type DOMRectLike = { x: number; y: number; width: number; height: number };

test("others' crops dim what is outside them, and their names stay apart on a phone", async ({ page, browser }) => {
  // Rita watches on a phone; Colm and Nora crop from nearly the same corner on their computers.
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, rita);
  await page.goto(url(`/comments/${photoId}?view=full`));
  await expect(photoOf(page)).toBeVisible();
  await expect.poll(() => photoOf(page).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("viewer-loader")).toHaveCount(0);
  const outside = await screenPoint(page, 0.88, 0.12);
  const inside = await screenPoint(page, 0.32, 0.45);
  // The photo as shown once it is painted and settled: two samples in a row alike.
  let before = { outside: -10, inside: -10 };
  await expect(async () => {
    const now = { outside: await brightnessAt(page, outside), inside: await brightnessAt(page, inside) };
    const settled = Math.abs(now.outside - before.outside) < 1 && Math.abs(now.inside - before.inside) < 1;
    before = now;
    expect(settled).toBe(true);
  }).toPass();

  const croppers = [];
  for (const [member, to] of [
    [colm, [0.55, 0.65]],
    [nora, [0.48, 0.75]],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    await logIn(other, member);
    await other.goto(url(`/comments/${photoId}?view=full`));
    await viewerReady(other);
    // In the room with Rita (so the crop reaches her).
    await expect(viewer(other).locator(".viewer-viewing")).toContainText("Rita");
    await drawCrop(other, member === colm ? [0.2, 0.3] : [0.21, 0.31], to);
    croppers.push({ context, page: other });
  }

  const crops = viewer(page).locator(".viewer-crop.remote");
  await expect(crops).toHaveCount(2);
  await expect(viewer(page).getByRole("img", { name: "Colm's crop" })).toBeVisible();
  await expect(viewer(page).getByRole("img", { name: "Nora's crop" })).toBeVisible();
  // Every name on the photo (crops' and pointers') readable: no two labels overlap.
  await expect(async () => {
    const labels = await viewer(page).locator(".viewer-mark-name").all();
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const boxes = await Promise.all(labels.map(async (label) => (await label.boundingBox())!));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlaps(boxes[i]!, boxes[j]!), `labels ${i} and ${j}`).toBe(false);
  }).toPass();
  // Outside both crops the photo is dimmed; inside them it is as it was.
  const after = { outside: await brightnessAt(page, outside), inside: await brightnessAt(page, inside) };
  expect(after.outside, "outside the crops, dimmed").toBeLessThan(before.outside * 0.75);
  expect(Math.abs(after.inside - before.inside), "inside the crops, as it was").toBeLessThan(before.inside * 0.1 + 3);
  await page.screenshot({ path: screenshotPath("two-crops-390.png") });
  await croppers[0]!.page.screenshot({ path: screenshotPath("two-crops-1280.png") });

  // Colm's comment on his crop says its limit before it bites, and a text past it is not sent.
  const colmPage = croppers[0]!.page;
  const posts: string[] = [];
  colmPage.on("request", (request) => {
    if (request.method() === "POST" && !request.url().includes("/socket.io/")) posts.push(request.url());
  });
  await viewer(colmPage).getByRole("button", { name: "Comment on this crop" }).click();
  const box = viewer(colmPage).getByLabel("Comment on this crop");
  const limit = colmPage.locator(`#crop-comment-${photoId}-limit`);
  await box.fill("x".repeat(4_600));
  await expect(limit).toHaveText("4,600 / 5,000");
  await box.fill("x".repeat(5_001));
  await expect(limit).toHaveText("A comment can be at most 5,000 characters; this text has 5,001.");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await viewer(colmPage).getByRole("button", { name: "Save" }).click();
  await expect(colmPage.getByRole("dialog", { name: "Error" })).toHaveCount(0);
  await expect(box).toHaveValue("x".repeat(5_001));
  expect(posts).toEqual([]);
  for (const cropper of croppers) await cropper.context.close();
});
