// Anonymity in every channel, in the browser. Dee (admin)
// runs an anonymous meeting; Eve and Fay submit. In the full-screen viewer of
// Eve's photo, Fay's window names Eve like anyone else ('3 viewing', three
// first names, nobody called 'the author'); the detail's stars show the average
// and its count without a list of raters. Once photos are in, Edit Meeting
// shows the anonymity box ticked and locked (and saving without JavaScript
// keeps it); 'Choose from my photos' warns Eve of a photo seen with her name.
// Screenshots at 1280 and 390 px.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  api,
  createUpcomingMeeting,
  logInContext,
  memberContext,
  submitToMeeting,
  uploadPhoto,
} from "./support/club-api";
import type { MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { untilHydrated, viewer } from "./support/ui";

const dee = memberDetails("dee_anon", "Dee", "Hostwell", true);
const eve = memberDetails("eve_anon", "Eve", "Evergreen");
const fay = memberDetails("fay_anon", "Fay", "Fairweather");

const server = useClubServer({ name: "anonymous-channels", members: [dee, eve, fay] });
const screenshotPath = (name: string) => path.join(process.cwd(), "test-results", "anonymous-channels", name);

test.describe.configure({ mode: "serial" });

const contextOf = (browser: Browser, member: MemberDetails, width = 1280) =>
  memberContext(browser, server.baseURL, member, width);

let meetingId: number;
let evesPhoto: number;

test("a night: Dee makes an anonymous meeting, Eve and Fay submit", async ({ browser }) => {
  const [host, e, f] = await Promise.all([contextOf(browser, dee), contextOf(browser, eve), contextOf(browser, fay)]);
  meetingId = await createUpcomingMeeting(host.request, server.baseURL, "Blind night");
  await api(host, "patch", `/api/meetings/${meetingId}`, { anonymous: true });
  evesPhoto = (await submitToMeeting(e, meetingId, "Canon_40D.jpg")).Photo.id;
  await submitToMeeting(f, meetingId, "Nikon_D70.jpg");
  await Promise.all([host.close(), e.close(), f.close()]);
});

test("the viewer names the owner like anyone: three viewing, three first names", async ({ browser }) => {
  const contexts = await Promise.all([contextOf(browser, dee), contextOf(browser, eve), contextOf(browser, fay)]);
  const pages: Page[] = [];
  for (const context of contexts) {
    const page = await context.newPage();
    await page.goto(`/meetings/${meetingId}/${evesPhoto}?view=full`);
    await expect(viewer(page)).toBeVisible();
    pages.push(page);
  }
  const faysPage = pages[2]!;
  const size = faysPage.viewportSize()!;
  await faysPage.mouse.move(size.width / 2, size.height - 4);
  await expect(viewer(faysPage)).toHaveClass(/panel-shown/);
  await expect(viewer(faysPage).getByText("3 viewing")).toBeVisible();
  const names = viewer(faysPage).locator(".viewer-viewing");
  for (const name of ["Dee", "Eve", "Fay"]) await expect(names).toContainText(name);
  await expect(names).not.toContainText("the author");
  // The photo's panel still names no author.
  await expect(viewer(faysPage).getByText(/Evergreen/)).toHaveCount(0);
  await Promise.all(contexts.map((context) => context.close()));
});

test("the stars show the average and its count, with nobody's rating but one's own", async ({ browser }) => {
  const [host, f] = await Promise.all([contextOf(browser, dee), contextOf(browser, fay)]);
  await api(host, "post", `/api/photos/${evesPhoto}/rate`, { value: 2 });
  const page = await f.newPage();
  await page.goto(`/meetings/${meetingId}/${evesPhoto}`);
  await untilHydrated(page);
  const rating = page.locator(`#rating-${evesPhoto}`);
  await expect(rating.getByText("Average 2.0 from 1 rating")).toBeVisible();
  // The stars show the click at once; the server has it once the rating's post is answered.
  const saved = page.waitForResponse(
    (response) => response.request().postData()?.includes("intent=rate") === true && response.ok(),
  );
  await rating.getByRole("radio", { name: /^4 stars/ }).click();
  await saved;
  await expect(rating.getByText("Average 3.0 from 2 ratings")).toBeVisible();
  const photo = await api<{ Ratings: { UserId: number }[]; ratingCount: number }>(f, "get", `/api/photos/${evesPhoto}`);
  expect(photo.Ratings).toEqual([{ UserId: expect.any(Number), value: 4 }]);
  expect(photo.ratingCount).toBe(2);
  await Promise.all([host.close(), f.close()]);
});

test("Edit Meeting locks the anonymity box once photos are in, with and without JavaScript", async ({ browser }) => {
  for (const width of [1280, 390]) {
    const host = await contextOf(browser, dee, width);
    const page = await host.newPage();
    await page.goto(`/meetings/${meetingId}/edit`);
    const box = page.getByLabel("Anonymous review (names hidden until revealed)");
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(page.getByText(/the names come out only with Reveal names/)).toBeVisible();
    await page.screenshot({ path: screenshotPath(`edit-locked-${width}.png`), fullPage: true });
    await host.close();
  }
  const noScript = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  await logInContext(noScript, dee);
  const page = await noScript.newPage();
  await page.goto(`/meetings/${meetingId}/edit`);
  await page.getByLabel("Topic").fill("Blind night\nStill no names.");
  await page.getByRole("button", { name: "Save Meeting" }).click();
  await expect(page.getByText("Meeting updated!")).toBeVisible();
  const meeting = await api<{ anonymous: boolean; topic: string }>(noScript, "get", `/api/meetings/${meetingId}`);
  expect(meeting).toMatchObject({ anonymous: true, topic: "Blind night\nStill no names." });
  await noScript.close();
});

test("'Choose from my photos' warns of a photo members have seen with one's name", async ({ browser }) => {
  const setUp = await contextOf(browser, eve);
  await uploadPhoto(setUp, "Pentax_K10D.jpg");
  await setUp.close();
  for (const width of [1280, 390]) {
    const e = await contextOf(browser, eve, width);
    const page = await e.newPage();
    await page.goto(`/meetings/${meetingId}/upload`);
    await page.getByText("Choose from my photos").click();
    await expect(page.getByText(/This meeting is anonymous\. Members have seen the photos marked/)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add / }).getByText("Seen with your name")).toHaveCount(1);
    await page.locator(".choose-photos").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`choose-warned-${width}.png`) });
    await e.close();
  }
});
