// Touch and captions, on a server of this spec's own. On a phone (touch
// emulation, real touches through the DevTools protocol): a finger drags a crop
// in the full-screen viewer while following the lead, which the leader sees; two
// fingers still zoom; the hint says how; in the comment box Enter starts a new
// line and Post sends. On the upload page the member captions their photos in
// the list, saved as typed (1280 and 390 px), and without JavaScript by the
// row's own form; a caption past the limit is kept, not sent.
import fs from "node:fs";
import path from "node:path";
import type { CDPSession } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { repoRoot } from "./support/club-server";
import { createUpcomingMeeting, logInContext, submitToMeeting } from "./support/club-api";
import { memberDetails } from "./support/members";
import { logIn, untilHydrated, viewer, viewerReady } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const ada = memberDetails("ada_hosts", "Ada", "Host", true);
const ben = memberDetails("ben_phone", "Ben", "Phone");

const server = useClubServer({ name: "touch-and-captions", members: [ada, ben] });
const url = (pathname: string) => `${server.baseURL}${pathname}`;
let meetingId: number;
const photoIds: number[] = [];

test.describe.configure({ mode: "serial" });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const HINT = "Drag one finger to draw a crop; use two fingers to zoom and move the photo.";

/** Screenshots to look at, kept out of Playwright's output folder (wiped by every run). */
function screenshotPath(name: string) {
  const folder = path.join(repoRoot, "test-results", "touch-and-captions");
  fs.mkdirSync(folder, { recursive: true });
  return path.join(folder, name);
}

const stage = (page: Page) => page.getByTestId("viewer-stage");
const photoOf = (page: Page) => viewer(page).locator(".viewer-frame img");

/** The page point over an image point (fractions), from where the photo is on screen now. */
async function screenPoint(page: Page, dx: number, dy: number) {
  const box = (await photoOf(page).boundingBox())!;
  return { x: Math.round(box.x + dx * box.width), y: Math.round(box.y + dy * box.height) };
}

type Touch = { x: number; y: number; id: number };

/** Real touches (Chromium makes its pointer events of them, pointerType 'touch'), moved in steps. */
async function touchStroke(cdp: CDPSession, from: Touch[], to: Touch[], steps = 6) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: from });
  for (let step = 1; step <= steps; step++) {
    const points = from.map((start, index) => ({
      id: start.id,
      x: start.x + ((to[index]!.x - start.x) * step) / steps,
      y: start.y + ((to[index]!.y - start.y) * step) / steps,
    }));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test("the meeting and Ben's two photos are in place", async ({ browser }) => {
  const admin = await browser.newContext({ baseURL: server.baseURL });
  await logInContext(admin, ada);
  meetingId = await createUpcomingMeeting(admin.request, server.baseURL, "Fingers and captions");
  await admin.close();
  const phone = await browser.newContext({ baseURL: server.baseURL });
  await logInContext(phone, ben);
  for (const file of ["Canon_40D.jpg", "Nikon_D70.jpg"])
    photoIds.push((await submitToMeeting(phone, meetingId, file)).Photo.id);
  await phone.close();
  expect(photoIds).toHaveLength(2);
});

test("on a phone a finger draws a crop while following the lead, the leader sees it, and two fingers still zoom", async ({
  page,
  openContext,
}) => {
  // Ada leads from her desktop.
  await logIn(page, ada, server.baseURL);
  await page.goto(url(`/meetings/${meetingId}/${photoIds[0]}?view=full`));
  await viewerReady(page);
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height - 4);
  await viewer(page).getByRole("button", { name: "Lead the review" }).click();
  await expect(viewer(page).getByText("You lead the review")).toBeVisible();

  // Ben on his phone follows her.
  const phone = await (await openContext(PHONE)).newPage();
  await logIn(phone, ben, server.baseURL);
  await phone.goto(url(`/meetings/${meetingId}/${photoIds[0]}?view=full`));
  await viewerReady(phone);
  await expect(viewer(phone).getByText("Ada leads")).toBeVisible();
  await viewer(phone).getByRole("button", { name: "Follow", exact: true }).click();
  await expect(phone.getByText("Following Ada")).toBeVisible();
  await expect(phone.getByTestId("viewer-touch-hint")).toHaveText(HINT);
  await expect(phone.getByTestId("viewer-touch-hint")).toBeVisible();
  // A desktop has its mouse's way: no touch hint there.
  await expect(page.getByTestId("viewer-touch-hint")).toBeHidden();

  // One finger drags from one corner to the other: Ben's crop, drawn as the finger goes, ended as it lifts.
  const cdp = await phone.context().newCDPSession(phone);
  const from = await screenPoint(phone, 0.25, 0.3);
  const to = await screenPoint(phone, 0.7, 0.75);
  await touchStroke(cdp, [{ ...from, id: 1 }], [{ ...to, id: 1 }]);
  const own = viewer(phone).getByRole("img", { name: "Your crop" });
  await expect(own).toBeVisible();
  const drawn = (await own.boundingBox())!;
  expect(Math.abs(drawn.x - from.x)).toBeLessThan(4);
  expect(Math.abs(drawn.x + drawn.width - to.x)).toBeLessThan(4);
  expect(Math.abs(drawn.y + drawn.height - to.y)).toBeLessThan(4);
  // Still following (a crop moves no view), and the leader sees Ben's crop.
  await expect(phone.getByText("Following Ada")).toBeVisible();
  await expect(page.getByRole("img", { name: "Ben's crop" })).toBeVisible();
  await expect(stage(phone)).toHaveAttribute("data-zoom", "1.00");
  await phone.screenshot({ path: screenshotPath("viewer-touch-crop-390.png"), animations: "disabled" });
  await page.screenshot({ path: screenshotPath("viewer-leader-sees-crop-1280.png"), animations: "disabled" });

  // Two fingers spread apart: a pinch zooms in (and Ben stops following, as any zoom of his own does).
  const middle = await screenPoint(phone, 0.5, 0.5);
  await touchStroke(
    cdp,
    [
      { x: middle.x - 40, y: middle.y, id: 1 },
      { x: middle.x + 40, y: middle.y, id: 2 },
    ],
    [
      { x: middle.x - 100, y: middle.y, id: 1 },
      { x: middle.x + 100, y: middle.y, id: 2 },
    ],
  );
  await expect.poll(async () => Number(await stage(phone).getAttribute("data-zoom"))).toBeGreaterThan(1.5);

  // Zoomed, one finger still draws (it does not pan): a new crop replaces the first.
  const zoom = await stage(phone).getAttribute("data-zoom");
  const a = await screenPoint(phone, 0.45, 0.45);
  await touchStroke(cdp, [{ ...a, id: 1 }], [{ x: a.x + 60, y: a.y + 50, id: 1 }]);
  await expect(stage(phone)).toHaveAttribute("data-zoom", zoom!);
  const second = (await own.boundingBox())!;
  expect(Math.abs(second.width - 60)).toBeLessThan(4);
  expect(Math.abs(second.height - 50)).toBeLessThan(4);
});

test("on a phone Enter starts a new line in the comment box, and Post sends it", async ({ openContext }) => {
  const phone = await (await openContext(PHONE)).newPage();
  await logIn(phone, ben, server.baseURL);
  await phone.goto(url(`/browse/${photoIds[1]}?tab=comments`));
  await untilHydrated(phone);
  const box = phone.getByRole("textbox", { name: "Add a comment" });
  await box.click();
  await phone.keyboard.type("First line");
  await phone.keyboard.press("Enter");
  await phone.keyboard.type("second line");
  await expect(box).toHaveValue("First line\nsecond line");
  await expect(phone.getByText("Enter for a new line; Post sends")).toBeVisible();
  await expect(phone.getByText("Enter to post, Shift+Enter for a new line")).toBeHidden();
  await phone.screenshot({ path: screenshotPath("comment-box-touch-390.png") });
  await phone.getByRole("button", { name: "Post", exact: true }).click();
  await expect(box).toHaveValue("");
  await expect(phone.locator(".comment-body").filter({ hasText: "First line" })).toContainText("second line");
});

test("the upload page's list captions each photo in place, saved as typed, at 1280 and 390 px", async ({ page }) => {
  await logIn(page, ben, server.baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url(`/meetings/${meetingId}/upload`));
  await untilHydrated(page);
  const mine = page.getByRole("region", { name: "Your photos for this meeting" });
  const first = mine.getByRole("textbox", { name: "Caption of Canon_40D.jpg" });
  await first.fill("Wet cobbles");
  await expect(mine.getByRole("status").filter({ hasText: "Caption saved." })).toBeVisible();
  const stored = await (await page.request.get(url(`/api/photos/${photoIds[0]}`))).json();
  expect(stored.caption).toBe("Wet cobbles");
  await page.screenshot({ path: screenshotPath("upload-captions-1280.png"), fullPage: true });

  // Too long: the count says so, nothing is sent, and the words stay.
  const second = mine.getByRole("textbox", { name: "Caption of Nikon_D70.jpg" });
  const long = "A".repeat(501);
  await second.fill(long);
  await expect(mine.getByText("A caption can be at most 500 characters; this text has 501.")).toBeVisible();
  await expect(second).toHaveValue(long);
  expect((await (await page.request.get(url(`/api/photos/${photoIds[1]}`))).json()).caption).toBeNull();
  await second.fill("Neon puddle");
  await second.blur();
  await expect
    .poll(async () => (await (await page.request.get(url(`/api/photos/${photoIds[1]}`))).json()).caption)
    .toBe("Neon puddle");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(first).toHaveValue("Wet cobbles");
  await expect(second).toHaveValue("Neon puddle");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath("upload-captions-390.png"), fullPage: true });
});

test("without JavaScript each row's caption is a form of its own that saves with Save", async ({ openContext }) => {
  const plain = await (await openContext({ javaScriptEnabled: false })).newPage();
  await logIn(plain, ben, server.baseURL);
  await plain.goto(url(`/meetings/${meetingId}/upload`));
  const mine = plain.getByRole("region", { name: "Your photos for this meeting" });
  await mine.getByRole("textbox", { name: "Caption of Canon_40D.jpg" }).fill("Cobbles, re-captioned");
  await mine.getByRole("button", { name: "Save the caption of Canon_40D.jpg" }).click();
  await expect(plain).toHaveURL(url(`/meetings/${meetingId}/upload`));
  await expect(plain.getByText("Caption saved.")).toBeVisible();
  await expect(mine.getByRole("textbox", { name: "Caption of Canon_40D.jpg" })).toHaveValue("Cobbles, re-captioned");

  // Past the limit the server refuses it, and the row shows the words typed with the reason.
  const long = "B".repeat(501);
  await mine.getByRole("textbox", { name: "Caption of Nikon_D70.jpg" }).fill(long);
  await mine.getByRole("button", { name: "Save the caption of Nikon_D70.jpg" }).click();
  await expect(mine.getByText("A caption can be at most 500 characters; this text has 501.")).toBeVisible();
  await expect(mine.getByRole("textbox", { name: "Caption of Nikon_D70.jpg" })).toHaveAttribute("aria-invalid", "true");
  await expect(mine.getByRole("textbox", { name: "Caption of Nikon_D70.jpg" })).toHaveValue(long);
});
