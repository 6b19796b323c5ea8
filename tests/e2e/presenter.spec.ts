// The presenter's screen in the browser: Ada, an admin,
// hosts from the meeting's full-screen viewer and shares a second window of
// hers, the presenter's screen at 1920x1080; Ben follows in his own browser.
// The screen follows Ada's lead (its position line and image change, her zoom), its
// arrow keys move it and, since Ada leads, Ben's viewer with it; at 1920x1080
// it asks for the 1,920 px copy of a wide photo, never the 3,840 px one; it has
// no navbar or footer; the timer Ada sets up on the meeting page shows on it;
// an anonymous meeting's screen says 'Anonymous' until Ada reveals the names,
// then names them without a reload. Axe on the screen; screenshots at 1920x1080
// and 390 px.
import { expectAccessible } from "./support/axe";
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createUpcomingMeeting, sendCameraFile } from "./support/club-api";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clubAfternoon, logIn, meetingPageOrder, viewer, viewerReady } from "./support/ui";

const ada = memberDetails("ada_host", "Ada", "Host", true);
const ben = memberDetails("ben_watch", "Ben", "Watch");
const server = useClubServer({ name: "presenter", members: [ada, ben] });

const url = (pathname: string) => `${server.baseURL}${pathname}`;
let meetingId: number;
/** The meeting's photos in its page's order, and the wide one (4608 px, the phone's photo). */
let order: number[] = [];
let wideId: number;

test.describe.configure({ mode: "serial" });

async function submit(page: Page, file: string): Promise<number> {
  const signed_id = await sendCameraFile(page.request, server.baseURL, file);
  const submitted = await page.request.post(url(`/api/meetings/${meetingId}/submissions`), {
    data: { filename: file, file: signed_id },
  });
  expect(submitted.status()).toBe(201);
  return (await submitted.json()).Photo.id;
}

const presenterImage = (page: Page) => page.locator(".presenter-stage img");
const position = (page: Page) => page.getByTestId("presenter-position");

/** Opens a meeting photo full screen and waits for it (loaded, its loader gone: the page runs). */
async function openFullScreen(page: Page, photoId: number) {
  await page.goto(url(`/meetings/${meetingId}/${photoId}?view=full`));
  await expect(viewer(page)).toBeVisible();
  await expect(viewer(page).locator(".viewer-frame img")).toHaveAttribute(
    "src",
    new RegExp(`^/media/photos/${photoId}/large\\?v=[\\w-]{12}(&w=\\d+)?$`),
  );
  await expect(page.getByTestId("viewer-loader")).toHaveCount(0);
}

/** Shows the viewer's bottom panel: the pointer within 10 px of the bottom. */
async function showPanel(page: Page) {
  const size = page.viewportSize()!;
  await page.mouse.move(size.width / 2, size.height - 4);
  await expect(viewer(page)).toHaveClass(/panel-shown/);
}

/** The presenter shows the `index`th photo of the meeting's order. */
async function expectShowing(page: Page, index: number) {
  await expect(position(page)).toHaveText(`${index + 1} / ${order.length}`);
  await expect(presenterImage(page)).toHaveAttribute(
    "src",
    new RegExp(`^/media/photos/${order[index]}/large\\?v=[\\w-]{12}(&w=\\d+)?$`),
  );
}

test("the meeting's photos are in place", async ({ page }) => {
  await logIn(page, ada, server.baseURL);
  meetingId = await createUpcomingMeeting(page.request, server.baseURL, "Presenting tonight");
  wideId = await submit(page, "mobile-HMD_Nokia_8.3_5G.jpg");
  const captioned = await page.request.patch(url(`/api/photos/${wideId}`), {
    data: { caption: "Harbour at noon, the ferries leaving" },
  });
  expect(captioned.status()).toBe(200);
  await submit(page, "Canon_40D.jpg");
  await submit(page, "Nikon_D70.jpg");
  order = await meetingPageOrder(page, url(`/meetings/${meetingId}`), 3);
  expect(order).toContain(wideId);
});

test("the presenter's screen follows Ada's lead, moves with its arrows (and the room with it), and asks for the 1,920 px copy", async ({
  page,
  context,
  openContext,
}) => {
  test.setTimeout(120_000);
  await clubAfternoon(context);
  await logIn(page, ada, server.baseURL);
  // 'Present' opens the screen in a window of its own.
  await page.goto(url(`/meetings/${meetingId}`));
  const presentLink = page.getByRole("link", { name: "Present" });
  await expect(presentLink).toHaveAttribute("href", `/meetings/${meetingId}/present`);
  await expect(presentLink).toHaveAttribute("target", "_blank");
  await page.locator(".meeting-toolbar").screenshot({ path: test.info().outputPath("meeting-toolbar-1280.png") });
  const hostViewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(presentLink).toBeVisible();
  await page.locator(".meeting-toolbar").screenshot({ path: test.info().outputPath("meeting-toolbar-390.png") });
  await page.setViewportSize(hostViewport);

  // Ada's host window: the viewer on the first photo, leading.
  await openFullScreen(page, order[0]!);
  await showPanel(page);
  await viewer(page).getByRole("button", { name: "Lead the review" }).click();
  await expect(viewer(page).getByText("You lead the review")).toBeVisible();

  // Ben follows in his own browser.
  const benPage = await (await openContext()).newPage();
  await logIn(benPage, ben, server.baseURL);
  await openFullScreen(benPage, order[0]!);
  await showPanel(benPage);
  await viewer(benPage).getByRole("button", { name: "Follow", exact: true }).click();
  await expect(benPage.getByText("Following Ada")).toBeVisible();

  // The window Ada shares: a second one of hers, at 1920x1080.
  const screen = await context.newPage();
  await screen.setViewportSize({ width: 1920, height: 1080 });
  const largeRequests: string[] = [];
  screen.on("request", (request: Request) => {
    if (/\/media\/photos\/\d+\/large/.test(request.url())) largeRequests.push(request.url());
  });
  await screen.goto(url(`/meetings/${meetingId}/present`));
  await expect(screen.locator(".presenter.hydrated")).toHaveCount(1);
  await expect(screen).toHaveTitle(/^Presenting Presenting tonight - /);
  await expect(screen.locator("header.navbar, .navbar")).toHaveCount(0);
  await expect(screen.locator("footer")).toHaveCount(0);
  await expectShowing(screen, 0);
  await expect(screen.getByTestId("presenter-author")).toHaveText("Ada Host");

  // Ada moves in her viewer: the screen follows.
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));
  await expectShowing(screen, 1);
  await page.keyboard.press("ArrowRight");
  await expectShowing(screen, 2);
  // Ada zooms in: the screen shows the same part of the photo, larger than its stage.
  // (Her viewer zooms only once it has laid out the photo it now shows.)
  await expect(page).toHaveURL(new RegExp(`/${order[2]}\\?view=full$`));
  await viewerReady(page);
  await page.keyboard.press("+");
  await expect(screen.getByTestId("presenter-stage")).toHaveAttribute("data-zoom", "1.25");
  await expect(async () => {
    const stageBox = (await screen.getByTestId("presenter-stage").boundingBox())!;
    const photoBox = (await presenterImage(screen).boundingBox())!;
    expect(photoBox.height).toBeGreaterThan(stageBox.height * 1.2);
  }).toPass();

  // The screen's own arrows move it, and, Ada leading, Ben's viewer too.
  await screen.keyboard.press("ArrowLeft");
  await expectShowing(screen, 1);
  await expect(benPage).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));
  await expect(screen.getByTestId("presenter-stage")).toHaveAttribute("data-zoom", "1.00");
  await screen.keyboard.press("Home");
  await expectShowing(screen, 0);
  await expect(benPage).toHaveURL(new RegExp(`/${order[0]}\\?view=full$`));

  // The wide photo, shown at 1920x1080, came as the 1,920 px copy and never as the 3,840 px one.
  const wideAt = order.indexOf(wideId);
  await screen.keyboard.press("End");
  await expectShowing(screen, 2);
  for (let step = 2; step > wideAt; step--) await screen.keyboard.press("ArrowLeft");
  await expectShowing(screen, wideAt);
  await expect(screen.locator(".presenter-caption")).toHaveText("Harbour at noon, the ferries leaving");
  await expect
    .poll(() => presenterImage(screen).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1920);
  const currentSrc = await presenterImage(screen).evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(currentSrc).toMatch(new RegExp(`/media/photos/${wideId}/large\\?v=[\\w-]{12}&w=1920$`));
  const wideRequests = largeRequests.filter((address) => address.includes(`/media/photos/${wideId}/large`));
  expect(wideRequests.length).toBeGreaterThan(0);
  expect(wideRequests.every((address) => address.endsWith("&w=1920"))).toBe(true);

  // The timer Ada sets up on the meeting page (this browser keeps it) shows on the screen at once.
  await page.goto(url(`/meetings/${meetingId}`));
  await page.getByRole("button", { name: "Set up Timer" }).click();
  await expect(screen.getByTestId("presenter-countdown")).toHaveText(/^-?\d+:\d\d$/);
  await expect(screen.getByTestId("presenter-time-per-photo")).toHaveText(/ (min|sec)\/ph$/);

  await screen.screenshot({ path: test.info().outputPath("presenter-1920.png") });
  await screen.setViewportSize({ width: 390, height: 844 });
  await expect(position(screen)).toBeVisible();
  await screen.screenshot({ path: test.info().outputPath("presenter-390.png") });
  // The controls, shown while the pointer moves.
  await screen.mouse.move(200, 300);
  await screen.mouse.move(210, 310);
  await expect(screen.getByRole("button", { name: "Next" })).toBeVisible();
  await expect(screen.getByRole("status")).toHaveText("You lead the review: the arrows move everyone.");
  await screen.screenshot({ path: test.info().outputPath("presenter-390-controls.png") });
});

test("a member's screen follows whoever leads, and its arrows move it alone", async ({ page, openContext }) => {
  await logIn(page, ada, server.baseURL);
  await openFullScreen(page, order[0]!);
  await showPanel(page);
  await viewer(page).getByRole("button", { name: "Lead the review" }).click();
  await expect(viewer(page).getByText("You lead the review")).toBeVisible();

  const benContext = await openContext({ viewport: { width: 1280, height: 720 } });
  const screen = await benContext.newPage();
  await logIn(screen, ben, server.baseURL);
  await screen.goto(url(`/meetings/${meetingId}/present`));
  await expect(screen.locator(".presenter.hydrated")).toHaveCount(1);
  await expectShowing(screen, 0);
  await page.keyboard.press("ArrowRight");
  await expectShowing(screen, 1);

  // Ben's key moves his screen, not Ada's viewer; Ada's next move takes it back with her.
  await screen.keyboard.press("ArrowRight");
  await expectShowing(screen, 2);
  await expect(page).toHaveURL(new RegExp(`/${order[1]}\\?view=full$`));
  await page.keyboard.press("ArrowLeft");
  await expectShowing(screen, 0);
  await screen.mouse.move(300, 300);
  await screen.mouse.move(310, 310);
  await expect(screen.getByRole("status")).toHaveText("Following Ada.");
  // Full screen for a projector, from the keyboard too; the button then offers to leave it.
  await screen.getByRole("button", { name: "Full screen" }).focus();
  await screen.keyboard.press("Enter");
  await expect(screen.getByRole("button", { name: "Leave full screen" })).toBeVisible();
  expect(await screen.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
  await screen.getByRole("button", { name: "Leave full screen" }).click();
  await expect(screen.getByRole("button", { name: "Full screen" })).toBeVisible();

  // Axe finds nothing on the screen, its controls shown.
  await expectAccessible(screen, "the presenter's screen");
});

test("an anonymous meeting's screen names nobody, Ada's own photo included, and names the authors as soon as she reveals them", async ({
  page,
  context,
}) => {
  await logIn(page, ada, server.baseURL);
  const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await page.request.post(url("/api/meetings"), {
    data: { startsAt: `${day}T20:00`, topic: "Blind night", anonymous: true },
  });
  expect(created.status()).toBe(201);
  meetingId = (await created.json()).id;
  await submit(page, "Pentax_K10D.jpg");

  // The screen is what the call sees: her own photo is 'Anonymous' on it too.
  const screen = await context.newPage();
  await screen.goto(url(`/meetings/${meetingId}/present`));
  await expect(screen.locator(".presenter.hydrated")).toHaveCount(1);
  await expect(position(screen)).toHaveText("1 / 1");
  await expect(screen.getByTestId("presenter-author")).toHaveText("Anonymous");
  await expect(screen.getByText("Ada Host")).toHaveCount(0);

  const revealed = await page.request.post(url(`/api/meetings/${meetingId}/reveal`));
  expect(revealed.status()).toBe(200);
  // No reload: the review room tells the open screen, which loads the names again.
  await expect(screen.getByTestId("presenter-author")).toHaveText("Ada Host");
});
