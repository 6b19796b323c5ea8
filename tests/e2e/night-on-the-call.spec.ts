// A critique night on a video call: the members on
// the call see only the window Hal shares, the presenter's screen, so it must
// show what the viewers show, and Hal's two windows must be one lead. Hal, an
// admin, hosts an anonymous meeting with six photos (two each by Bea, Cal and
// Dee): his presenter's screen at 1280x720, and beside it his own full-screen
// viewer, leading, with the timer he set up. Bea, Cal and Dee follow in their
// own browsers. Checked: the followers count down with Hal's timer (not 'No
// timer set'); the screen's arrows move Hal's viewer and the followers, and a
// zoom in his viewer keeps the screen on its photo; a member's pointer and crop
// appear on the screen, named, and the owner's pointer under the same label as
// in a viewer; the reveal keeps the night's order and the position ('3 / 6').
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext, submitToMeeting } from "./support/club-api";
import type { MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clubAfternoon, meetingPageOrder, untilHydrated, viewer, viewerReady } from "./support/ui";

const hal = memberDetails("hal_calls", "Hal", "Caller", true);
const bea = memberDetails("bea_calls", "Bea", "Onscreen");
const cal = memberDetails("cal_calls", "Cal", "Onscreen");
const dee = memberDetails("dee_calls", "Dee", "Onscreen");
const server = useClubServer({ name: "night-on-the-call", members: [hal, bea, cal, dee] });

async function contextOf(browser: Browser, member: MemberDetails): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 720 } });
  await logInContext(context, member);
  return context;
}

/** Opens a meeting photo full screen and waits until it runs (loaded, its loader gone). */
async function openFullScreen(page: Page, meetingId: number, photoId: number) {
  await page.goto(`/meetings/${meetingId}/${photoId}?view=full`);
  await expect(viewer(page)).toBeVisible();
  await viewerReady(page);
}

/** Shows the viewer's bottom panel (the pointer within 10 px of the bottom). */
async function showPanel(page: Page) {
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height - 4);
  await expect(viewer(page)).toHaveClass(/panel-shown/);
}

/** Where a point of the photo (fractions) is on the page. */
async function pointOnPhoto(page: Page, dx: number, dy: number) {
  const box = (await viewer(page).locator(".viewer-frame img").boundingBox())!;
  return { x: box.x + box.width * dx, y: box.y + box.height * dy };
}

test("the shared screen shows the live review, and Hal's screen and viewer are one lead through the reveal", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [host, b, c, d] = await Promise.all([hal, bea, cal, dee].map((member) => contextOf(browser, member)));
  // Every window on the same afternoon: the timer Hal sets up stays today wherever it is read.
  for (const context of [host!, b!, c!, d!]) await clubAfternoon(context);
  const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const meeting = await api<{ id: number }>(host!, "post", "/api/meetings", {
    startsAt: `${day}T19:00`,
    topic: "On the call",
    anonymous: true,
  });
  const ownerOf = new Map<number, MemberDetails>();
  const files = [
    [b!, bea, "Canon_40D.jpg"],
    [c!, cal, "Nikon_D70.jpg"],
    [d!, dee, "Pentax_K10D.jpg"],
    [b!, bea, "orientation-landscape_3.jpg"],
    [c!, cal, "orientation-landscape_6.jpg"],
    [d!, dee, "gps-DSCN0010.jpg"],
  ] as const;
  for (const [context, member, file] of files) {
    ownerOf.set((await submitToMeeting(context, meeting.id, file)).Photo.id, member);
  }

  // Hal's host window: the meeting page, where he sets up the timer, then the first photo full screen, leading.
  const hostPage = await host!.newPage();
  const order = await meetingPageOrder(hostPage, `${server.baseURL}/meetings/${meeting.id}`, 6);
  await untilHydrated(hostPage);
  await hostPage.getByRole("button", { name: "Set up Timer" }).click();
  await expect(hostPage.getByTestId("time-per-photo")).toHaveText(/ (min|sec)\/ph$/);
  await openFullScreen(hostPage, meeting.id, order[0]!);
  await showPanel(hostPage);
  await viewer(hostPage).getByRole("button", { name: "Lead the review" }).click();
  await expect(viewer(hostPage).getByText("You lead the review")).toBeVisible();

  // The window Hal shares on the call: his presenter's screen.
  const screen = await host!.newPage();
  await screen.goto(`/meetings/${meeting.id}/present`);
  await expect(screen.locator(".presenter.hydrated")).toHaveCount(1);
  const position = screen.getByTestId("presenter-position");
  const shows = async (index: number) => {
    await expect(position).toHaveText(`${index + 1} / 6`);
    await expect(screen.locator(".presenter-stage img")).toHaveAttribute(
      "src",
      new RegExp(`^/media/photos/${order[index]}/large\\?`),
    );
  };
  await shows(0);

  // Bea, Cal and Dee follow Hal in their own browsers; each counts down with Hal's timer.
  const followers = await Promise.all(
    [b!, c!, d!].map(async (context) => {
      const page = await context.newPage();
      await openFullScreen(page, meeting.id, order[0]!);
      await showPanel(page);
      await viewer(page).getByRole("button", { name: "Follow", exact: true }).click();
      await expect(page.getByText("Following Hal")).toBeVisible();
      return page;
    }),
  );
  for (const page of followers) {
    await expect(page.getByText("No timer set")).toHaveCount(0);
    await expect(page.getByTestId("viewer-countdown")).toHaveText(/^-?\d+:\d\d$/);
  }
  await expect(screen.getByTestId("presenter-countdown")).toHaveText(/^-?\d+:\d\d$/);
  // The time per photo the call sees is the one the followers see.
  await expect(async () => {
    const onScreen = await screen.getByTestId("presenter-time-per-photo").textContent();
    expect(await followers[0]!.getByTestId("viewer-time-per-photo").textContent()).toBe(onScreen);
  }).toPass();

  // Hal moves in his viewer: the screen and the followers follow.
  await hostPage.keyboard.press("ArrowRight");
  await shows(1);
  for (const page of followers) await expect(page).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));

  // The screen's own arrow moves Hal's viewer too, and every follower.
  await screen.keyboard.press("ArrowRight");
  await shows(2);
  await expect(hostPage).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
  for (const page of followers) await expect(page).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
  // A zoom in Hal's viewer zooms the screen on that photo, never back to the one before.
  await viewerReady(hostPage);
  await hostPage.keyboard.press("+");
  await expect(screen.getByTestId("presenter-stage")).toHaveAttribute("data-zoom", "1.25");
  await shows(2);
  await hostPage.keyboard.press("0");
  await expect(screen.getByTestId("presenter-stage")).toHaveAttribute("data-zoom", "1.00");

  // A member's pointer appears on the screen, named: one who did not make the photo on it.
  const owner = ownerOf.get(order[2]!)!;
  const [pointing, pointingPage] = [bea, cal, dee]
    .map((member, index) => [member, followers[index]!] as const)
    .find(([member]) => member !== owner)!;
  await viewerReady(pointingPage);
  const spot = await pointOnPhoto(pointingPage, 0.4, 0.45);
  await pointingPage.mouse.move(spot.x - 20, spot.y - 20);
  await pointingPage.mouse.move(spot.x, spot.y, { steps: 3 });
  const pointer = screen.getByRole("img", { name: `${pointing.firstName}'s pointer` });
  await expect(pointer).toBeVisible();
  await expect(pointer).toContainText(pointing.firstName);
  // Where it points on the photo, on the screen's photo too (the mark is centred on the point).
  const photoBox = (await screen.locator(".presenter-stage img").boundingBox())!;
  await expect(async () => {
    const at = (await pointer.boundingBox())!;
    expect(Math.abs(at.x + at.width / 2 - (photoBox.x + photoBox.width * 0.4))).toBeLessThan(photoBox.width * 0.02);
    expect(Math.abs(at.y + at.height / 2 - (photoBox.y + photoBox.height * 0.45))).toBeLessThan(photoBox.height * 0.02);
  }).toPass();
  // Their crop too: click, move, click.
  const from = await pointOnPhoto(pointingPage, 0.2, 0.2);
  const to = await pointOnPhoto(pointingPage, 0.6, 0.7);
  await pointingPage.mouse.click(from.x, from.y);
  await pointingPage.mouse.move(to.x, to.y, { steps: 4 });
  await pointingPage.mouse.click(to.x, to.y);
  await expect(screen.getByRole("img", { name: `${pointing.firstName}'s crop` })).toBeVisible();

  // The photo's owner points too: the screen labels them exactly as a viewer's room does.
  const ownerPage = followers[[bea, cal, dee].indexOf(owner)]!;
  await viewerReady(ownerPage);
  const ownerSpot = await pointOnPhoto(ownerPage, 0.7, 0.3);
  await ownerPage.mouse.move(ownerSpot.x - 20, ownerSpot.y);
  await ownerPage.mouse.move(ownerSpot.x, ownerSpot.y, { steps: 3 });
  const inHalsViewer = viewer(hostPage).locator(".viewer-pointer").filter({ hasNotText: pointing.firstName });
  await expect(inHalsViewer).toHaveCount(1);
  const label = await inHalsViewer.getAttribute("aria-label");
  await expect(screen.getByRole("img", { name: label! })).toBeVisible();
  await screen.screenshot({ path: test.info().outputPath("night-on-the-call-screen-1280.png") });

  // Hal reveals the names: the screen keeps its photo, its place in the night and the order after it.
  const captionBefore = await screen.locator(".presenter-stage img").getAttribute("src");
  await api(host!, "post", `/api/meetings/${meeting.id}/reveal`);
  await expect(screen.getByTestId("presenter-author")).toHaveText(`${owner.firstName} ${owner.lastName}`);
  await shows(2);
  expect(await screen.locator(".presenter-stage img").getAttribute("src")).toBe(captionBefore);
  await expect(hostPage).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
  await screen.keyboard.press("ArrowRight");
  await shows(3);
  await expect(hostPage).toHaveURL(new RegExp(`/${order[3]}\\?view=full$`));
  for (const page of followers) await expect(page).toHaveURL(new RegExp(`/${order[3]}\\?view=full$`));
  await hostPage.keyboard.press("ArrowRight");
  await shows(4);

  // The screen at a phone's width still shows its line.
  await screen.setViewportSize({ width: 390, height: 844 });
  await expect(position).toBeVisible();
  await screen.screenshot({ path: test.info().outputPath("night-on-the-call-screen-390.png") });
  await Promise.all([host, b, c, d].map((context) => context!.close()));
});
