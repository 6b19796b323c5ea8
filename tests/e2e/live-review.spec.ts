// Reviewing together full screen, two members in two browsers on a
// server of this spec's own (it is restarted at the end): Ada (an admin) and
// Ben look at the same meeting photos. Ada's pointer lands on the same image
// point on Ben's screen although Ben's window is another size, zoomed to 2x and
// panned; it goes 5 s after she stops; her crop shows on Ben's screen; Ada
// leads and Ben follows her to the next photo; after the server restarts Ben's
// browser reconnects and the live layer works again. Also the keys (arrows,
// + - 0, Tab kept inside, Esc back to the 'Full screen' control) and the
// bottom panel; screenshots at 1280 and 390 px.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import {
  createMembers,
  freePort,
  repoRoot,
  SERVER_START_TIMEOUT,
  startClubServer,
  type ClubServer,
} from "./support/club-server";
import { createUpcomingMeeting, sendCameraFile } from "./support/club-api";
import { memberDetails } from "./support/members";
import { clubAfternoon, logIn, meetingPageOrder, viewer, viewerReady } from "./support/ui";
import { createTestDatabase, dropTestDatabase } from "../support/test-database";

const ada = memberDetails("ada_lead", "Ada", "Lead", true);
const ben = memberDetails("ben_follow", "Ben", "Follow");

let server: ClubServer;
let databaseUrl: string;
let dataDir: string;
let port: number;
const url = (pathname: string) => `${server.baseURL}${pathname}`;
let meetingId: number;
/** The meeting's photos in the order its view lists them. */
let order: number[] = [];

test.describe.configure({ mode: "serial" });

/**
 * The server on this spec's own database, port and files, so that starting it
 * again (the restart test) finds the same members, sessions and photos.
 */
function startServer() {
  return startClubServer({
    name: "live-review",
    port,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
  });
}

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT * 2);
  databaseUrl = await createTestDatabase("club_e2e_live_review");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-e2e-live-review-files-"));
  port = await freePort();
  server = await startServer();
  // The members after the server's start, which brings the database's tables up to date.
  await createMembers(databaseUrl, [ada, ben]);
});

test.afterAll(async () => {
  await server?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function submit(page: Page, file: string) {
  const signed_id = await sendCameraFile(page.request, server.baseURL, file);
  const submitted = await page.request.post(url(`/api/meetings/${meetingId}/submissions`), {
    data: { filename: file, file: signed_id },
  });
  expect(submitted.status()).toBe(201);
}

const stage = (page: Page) => page.getByTestId("viewer-stage");
const photoOf = (page: Page) => viewer(page).locator(".viewer-frame img");

/** Waits until the viewer shows this photo, loaded (its loader gone). */
async function waitForPhoto(page: Page, photoId: number) {
  await expect(photoOf(page)).toHaveAttribute(
    "src",
    new RegExp(`^/media/photos/${photoId}/large\\?v=[\\w-]{12}(&w=\\d+)?$`),
  );
  await expect(page.getByTestId("viewer-loader")).toHaveCount(0);
}

/** Opens a meeting photo full screen by its address and waits for the photo. */
async function openFullScreen(page: Page, photoId: number) {
  await page.goto(url(`/meetings/${meetingId}/${photoId}?view=full`));
  await expect(viewer(page)).toBeVisible();
  await waitForPhoto(page, photoId);
}

/** Ada (on `page`) and Ben (in a browser of his own) logged in and looking at the same photo full screen. */
async function adaAndBenFullScreen(page: Page, openContext: () => Promise<BrowserContext>, photoId: number) {
  await logIn(page, ada, server.baseURL);
  const benPage = await (await openContext()).newPage();
  await logIn(benPage, ben, server.baseURL);
  await openFullScreen(page, photoId);
  await openFullScreen(benPage, photoId);
  return benPage;
}

/** Screenshots to look at, kept out of Playwright's output folder (wiped by every run). */
const screenshotPath = (name: string) => path.join(repoRoot, "test-results", "live-review", name);

/** The page point over an image point (fractions), from where the photo is on screen now. */
async function screenPoint(page: Page, dx: number, dy: number) {
  const box = (await photoOf(page).boundingBox())!;
  return { x: box.x + dx * box.width, y: box.y + dy * box.height };
}

/** The image point (fractions) under a page point. */
async function imagePoint(page: Page, x: number, y: number) {
  const box = (await photoOf(page).boundingBox())!;
  return { dx: (x - box.x) / box.width, dy: (y - box.y) / box.height };
}

/** Shows the bottom panel: the pointer within 10 px of the bottom. */
async function showPanel(page: Page) {
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height - 4);
  await expect(viewer(page)).toHaveClass(/panel-shown/);
}

test("the meeting's photos are in place", async ({ page }) => {
  await logIn(page, ada, server.baseURL);
  meetingId = await createUpcomingMeeting(page.request, server.baseURL, "Reviewing together");
  await submit(page, "Canon_40D.jpg");
  await submit(page, "Nikon_D70.jpg");
  await submit(page, "Pentax_K10D.jpg");
  order = await meetingPageOrder(page, url(`/meetings/${meetingId}`), 3);
  expect(order.every((id) => id > 0)).toBe(true);
});

test("Ada's pointer lands on the same image point on Ben's zoomed, panned screen, and goes 5 s after she stops; her crop shows on his", async ({
  page,
  openContext,
}) => {
  await logIn(page, ada, server.baseURL);
  const benContext = await openContext({ viewport: { width: 1000, height: 700 } });
  const benPage = await benContext.newPage();
  await logIn(benPage, ben, server.baseURL);

  await openFullScreen(page, order[0]!);
  await openFullScreen(benPage, order[0]!);
  await showPanel(page);
  await expect(viewer(page).getByText("2 viewing")).toBeVisible();
  await expect(viewer(page).locator(".viewer-viewing")).toContainText("Ada, Ben");

  // Ben zooms to 2x about a point (the wheel), then drags the photo aside.
  const benStage = (await stage(benPage).boundingBox())!;
  await benPage.mouse.move(benStage.x + 600, benStage.y + 300);
  await benPage.mouse.wheel(0, (-100 * Math.log(2)) / Math.log(1.25));
  await expect(stage(benPage)).toHaveAttribute("data-zoom", "2.00");
  await benPage.mouse.move(benStage.x + 500, benStage.y + 350);
  await benPage.mouse.down();
  await benPage.mouse.move(benStage.x + 420, benStage.y + 300, { steps: 5 });
  await benPage.mouse.up();
  const benPhoto = (await photoOf(benPage).boundingBox())!;
  expect(benPhoto.width).toBeGreaterThan(benStage.width);

  // Ada points at a spot that Ben's zoomed view shows.
  const spot = await screenPoint(page, 0.55, 0.5);
  await page.mouse.move(spot.x - 30, spot.y - 20);
  await page.mouse.move(spot.x, spot.y, { steps: 3 });
  const lastMove = Date.now();
  const pointed = await imagePoint(page, spot.x, spot.y);

  const pointer = benPage.getByRole("img", { name: "Ada's pointer" });
  await expect(pointer).toBeVisible();
  await expect(pointer).toContainText("Ada");
  const expected = await screenPoint(benPage, pointed.dx, pointed.dy);
  await expect(async () => {
    // The mark is a square centred on the point.
    const at = (await pointer.boundingBox())!;
    expect(Math.abs(at.x + at.width / 2 - expected.x)).toBeLessThan(3);
    expect(Math.abs(at.y + at.height / 2 - expected.y)).toBeLessThan(3);
  }).toPass();

  // Gone once Ada has not moved for 5 s (never sooner).
  await expect(pointer).toHaveCount(0, { timeout: 30_000 });
  expect(Date.now() - lastMove).toBeGreaterThanOrEqual(4_500);

  // Ada's crop: click, move, click. Ben sees it over the same region, named.
  const from = await screenPoint(page, 0.35, 0.3);
  const to = await screenPoint(page, 0.7, 0.65);
  await page.mouse.click(from.x, from.y);
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await expect(viewer(page).getByRole("img", { name: /^Your crop/ })).toBeVisible();
  await page.mouse.click(to.x, to.y);
  await expect(viewer(page).getByRole("img", { name: "Your crop" })).toBeVisible();
  const crop = benPage.getByRole("img", { name: "Ada's crop" });
  await expect(crop).toBeVisible();
  await expect(crop).toContainText("Ada");
  const cornerA = await imagePoint(page, from.x, from.y);
  const cornerB = await imagePoint(page, to.x, to.y);
  const topLeft = await screenPoint(benPage, cornerA.dx, cornerA.dy);
  const bottomRight = await screenPoint(benPage, cornerB.dx, cornerB.dy);
  await expect(async () => {
    const box = (await crop.boundingBox())!;
    expect(Math.abs(box.x - topLeft.x)).toBeLessThan(4);
    expect(Math.abs(box.y - topLeft.y)).toBeLessThan(4);
    expect(Math.abs(box.x + box.width - bottomRight.x)).toBeLessThan(4);
    expect(Math.abs(box.y + box.height - bottomRight.y)).toBeLessThan(4);
  }).toPass();

  // Screenshots: Ben's screen with Ada's pointer and crop and the panel shown, at 1280 and at 390 px.
  await benPage.setViewportSize({ width: 1280, height: 800 });
  await benPage.keyboard.press("0");
  await page.mouse.move(spot.x + 40, spot.y + 30, { steps: 3 });
  await showPanel(benPage);
  await expect(pointer).toBeVisible();
  await benPage.screenshot({ path: screenshotPath("viewer-1280.png"), animations: "disabled" });

  const phoneContext = await openContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await logIn(phone, ben, server.baseURL);
  await phone.goto(url(`/meetings/${meetingId}/${order[0]}`));
  await expect(phone.getByRole("link", { name: "Full screen" })).toBeVisible();
  await phone.screenshot({ path: screenshotPath("detail-390.png") });
  await openFullScreen(phone, order[0]!);
  await expect(phone.getByRole("img", { name: "Ada's crop" })).toBeVisible();
  await page.mouse.move(spot.x - 40, spot.y + 10, { steps: 3 });
  await expect(phone.getByRole("img", { name: "Ada's pointer" })).toBeVisible();
  await expect(viewer(phone).getByRole("button", { name: "Exit full screen" })).toBeInViewport();
  await phone.screenshot({ path: screenshotPath("viewer-390.png"), animations: "disabled" });

  // Esc first cancels an open crop (for Ben too), and only then leaves.
  await page.mouse.click(from.x, from.y);
  await expect(viewer(page).getByRole("img", { name: /^Your crop \(/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer(page).getByRole("img", { name: /^Your crop/ })).toHaveCount(0);
  await expect(viewer(page)).toBeVisible();
  await expect(crop).toHaveCount(0);
});

test("the keys: previous/next in the list's order, + - 0 zoom, Tab kept inside, Esc back where it was", async ({
  page,
}) => {
  await logIn(page, ada, server.baseURL);
  await page.goto(url(`/meetings/${meetingId}/${order[1]}`));
  const control = page.getByRole("link", { name: "Full screen" });
  await expect(control).toBeVisible();
  await page.screenshot({ path: screenshotPath("detail-1280.png") });
  await control.focus();
  await page.keyboard.press("Enter");
  await expect(viewer(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/meetings/${meetingId}/${order[1]}\\?view=full$`));
  await waitForPhoto(page, order[1]!);

  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
  await waitForPhoto(page, order[2]!);
  await page.keyboard.press("ArrowLeft");
  await waitForPhoto(page, order[1]!);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`/${order[0]}\\?view=full$`));
  await waitForPhoto(page, order[0]!);

  await page.keyboard.press("+");
  await expect(stage(page)).toHaveAttribute("data-zoom", "1.25");
  await page.keyboard.press("+");
  await expect(stage(page)).toHaveAttribute("data-zoom", "1.56");
  await page.keyboard.press("-");
  await expect(stage(page)).toHaveAttribute("data-zoom", "1.25");
  await page.keyboard.press("0");
  await expect(stage(page)).toHaveAttribute("data-zoom", "1.00");

  // Tab goes round the viewer's controls, never to the page behind; the panel shows while focus is in it.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    expect(await viewer(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await expect(viewer(page).getByRole("button", { name: "Exit full screen" })).toBeInViewport();

  // A reload keeps the viewer open (it is the address's ?view=full); Esc leaves it.
  await page.reload();
  await expect(viewer(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/meetings/${meetingId}/${order[0]}$`));
  await expect(page.getByRole("link", { name: "Full screen" })).toBeFocused();
});

test("the bottom panel shows within 10 px of the bottom, with the photo, the rating, the timer and Exit", async ({
  page,
}) => {
  await clubAfternoon(page);
  await logIn(page, ada, server.baseURL);
  // The meeting's timer, set up on the meeting view, counts down in the viewer.
  await page.goto(url(`/meetings/${meetingId}`));
  await page.getByRole("button", { name: "Set up Timer" }).click();
  await page.getByRole("link", { name: "Review full screen" }).click();
  await expect(page).toHaveURL(new RegExp(`/meetings/${meetingId}/${order[0]}\\?view=full$`));
  await viewerReady(page);
  const exit = viewer(page).getByRole("button", { name: "Exit full screen" });
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height / 2);
  await expect(exit).not.toBeInViewport();
  await page.mouse.move(size.width / 2, size.height - 30);
  await expect(exit).not.toBeInViewport();
  await page.mouse.move(size.width / 2, size.height - 5);
  await expect(exit).toBeInViewport();
  const panel = viewer(page).getByRole("region", { name: "Photo panel" });
  await expect(panel.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(panel).toContainText("by Ada Lead");
  await expect(panel.getByRole("radiogroup", { name: "Your rating" })).toBeVisible();
  await expect(panel.getByTestId("viewer-countdown")).toHaveText(/^\d+:\d\d$/);
  await expect(panel.getByTestId("viewer-time-per-photo")).toHaveText(/(min|sec)\/ph$/);
  // It ticks (from 2 s after opening).
  const first = await panel.getByTestId("viewer-countdown").textContent();
  await expect(panel.getByTestId("viewer-countdown")).not.toHaveText(first!, { timeout: 15_000 });
  await exit.click();
  await expect(viewer(page)).toHaveCount(0);
});

test("Ada leads and Ben follows her to the next photo; moving on his own he stops following and can catch up", async ({
  page,
  openContext,
}) => {
  const benPage = await adaAndBenFullScreen(page, openContext, order[0]!);

  await showPanel(page);
  await viewer(page).getByRole("button", { name: "Lead the review" }).click();
  await expect(viewer(page).getByText("You lead the review")).toBeVisible();
  await showPanel(benPage);
  await expect(viewer(benPage).getByText("Ada leads")).toBeVisible();
  await viewer(benPage).getByRole("button", { name: "Follow", exact: true }).click();
  await expect(benPage.getByText("Following Ada")).toBeVisible();

  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));
  await expect(benPage).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));
  await waitForPhoto(page, order[1]!);
  await waitForPhoto(benPage, order[1]!);
  await page.keyboard.press("+");
  await expect(stage(benPage)).toHaveAttribute("data-zoom", "1.25");

  // Ben zooms on his own: he stops following, and 'Catch up' brings him back to Ada's view.
  await benPage.keyboard.press("+");
  await expect(stage(benPage)).toHaveAttribute("data-zoom", "1.56");
  await expect(benPage.getByText("Following Ada")).toHaveCount(0);
  await showPanel(benPage);
  await viewer(benPage).getByRole("button", { name: "Catch up" }).click();
  await expect(stage(benPage)).toHaveAttribute("data-zoom", "1.25");
  await page.keyboard.press("ArrowRight");
  await expect(benPage).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
});

test("the lead is handed only to someone else present: alone, Ada is offered no one; with Ben there, Ben", async ({
  page,
  openContext,
}) => {
  await logIn(page, ada, server.baseURL);
  await openFullScreen(page, order[0]!);
  await showPanel(page);
  await expect(viewer(page).getByRole("button", { name: "Lead the review" })).toBeVisible();
  await page.screenshot({ path: screenshotPath("viewer-alone-1280.png") });

  const benPage = await (await openContext()).newPage();
  await logIn(benPage, ben, server.baseURL);
  await openFullScreen(benPage, order[0]!);
  await showPanel(page);
  const handTo = viewer(page).getByRole("combobox", { name: "Hand the lead to" });
  await expect(handTo.getByRole("option")).toHaveText(["Ben"]);

  // Ben goes: no one is left to offer, and the offer goes with him.
  await benPage.close();
  await showPanel(page);
  await expect(viewer(page).getByRole("button", { name: "Hand the lead" })).toHaveCount(0);
  await expect(viewer(page).getByRole("button", { name: "Lead the review" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await showPanel(page);
  await page.screenshot({ path: screenshotPath("viewer-alone-390.png") });
});

test("after the server restarts, Ben's browser reconnects and the live layer works again", async ({
  page,
  openContext,
}) => {
  test.setTimeout(SERVER_START_TIMEOUT * 2);
  const benPage = await adaAndBenFullScreen(page, openContext, order[2]!);
  await showPanel(benPage);
  await expect(viewer(benPage).getByText("2 viewing")).toBeVisible();

  await server.stop();
  server = await startServer();

  // socket.io tries again every 5 s; once both are back in the room, Ada's pointer reaches Ben again.
  await expect(viewer(benPage).getByText("2 viewing")).toBeVisible({ timeout: 60_000 });
  const pointer = benPage.getByRole("img", { name: "Ada's pointer" });
  await expect(async () => {
    const spot = await screenPoint(page, 0.4 + Math.random() * 0.2, 0.5);
    await page.mouse.move(spot.x, spot.y, { steps: 2 });
    await expect(pointer).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(viewer(benPage).getByRole("alert")).toHaveCount(0);
});
