// Meetings in the browser, on a server of its own whose club meets
// in Paris while the browser sits in New York: an admin creates a weekly
// meeting and then 'Create Next Meeting' (a week later, same time on the
// club's clock); a member uploads real camera files up to the limit and sees
// the allowance texts and 'Too many files!'; the meeting view groups by author
// and keeps the sort cookie across a reload; the timer shows 'min/ph' and
// survives a reload; the calendar address serves a feed that parses as
// iCalendar with the meeting in it.
import path from "node:path";
import ICAL from "ical.js";
import { expect, test, type Page } from "./support/fixtures";
import type { MemberDetails } from "./support/club-server";
import { api, CAMERA_FIXTURES, logInContext, sendCameraFile, submitToMeeting } from "./support/club-api";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clickAndConfirm, confirmDialog, pageTitle, submitLogin } from "./support/ui";
import {
  addCalendarDays,
  instantOf,
  monthlyDayName,
  nextMonthlyStart,
  toDateTimeInput,
  wallClockOf,
} from "../../app/lib/club-time";
import { defaultTimerEnd } from "../../app/lib/meeting-timer";

const ZONE = "Europe/Paris";

const person = memberDetails;

/** Schedules the meetings. */
const mira = person("mira_meets", "Mira", "Meet", true);
/** Uploads up to her limit through the page. */
const rosa = person("rosa_roll", "Rosa", "Reel");
/** Submits one photo (through the API, as a client would). */
const tomas = person("tomas_tilt", "Tomas", "Tone");

const camera = (file: string) => path.join(CAMERA_FIXTURES, file);
const STAY = "Please do not leave this page until your uploads are complete.";

const server = useClubServer({
  name: "meetings",
  members: [mira, rosa, tomas],
  env: { CLUB_TIME_ZONE: ZONE, MEETING_REMINDER_HOURS: "0" },
});
const url = (pathname: string) => `${server.baseURL}${pathname}`;

test.describe.configure({ mode: "serial" });
// Far from the club's zone: every time on the pages must still be on the club's clock.
test.use({ timezoneId: "America/New_York" });

async function logIn(page: Page, member: MemberDetails) {
  await page.goto(url("/login"));
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(url("/"));
}

/** 7 pm on the club's clock, three days from now: upcoming, and on a day of its own. */
function firstMeetingStart(): Date {
  const today = wallClockOf(new Date(), ZONE);
  const evening = instantOf({ ...today, hour: 19, minute: 0 }, ZONE);
  return addCalendarDays(evening, 3, ZONE);
}

const first = firstMeetingStart();
const FIRST_TOPIC = "Night walk";
const SECOND_TOPIC = "Neon signs";
let meetingId: number;

test("an admin creates a weekly meeting, then 'Create Next Meeting' a week later at the same time", async ({
  page,
}) => {
  await logIn(page, mira);
  await page.goto(url("/meetings"));
  await expect(page).toHaveTitle(pageTitle("Meetings"));
  await expect(page.getByRole("heading", { name: "Next Meeting" })).toBeVisible();
  await page.getByRole("link", { name: "New Meeting" }).click();
  await expect(page).toHaveTitle(pageTitle("New Meeting"));

  // The schema's rules answer under the fields first.
  await page.getByLabel("Call link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Create Meeting" }).click();
  await expect(page.getByText("Please review the errors below.")).toBeVisible();
  await expect(page.getByText("Topic is required.")).toBeVisible();
  await expect(page.getByText("Call link must be a web address (http or https).")).toBeVisible();

  await page.getByLabel("Date/Time").fill(toDateTimeInput(first, ZONE));
  await page.getByLabel("Topic").fill(`${FIRST_TOPIC}\nAvailable light only.`);
  await page.getByLabel("Call link").fill("https://meet.example.com/night-walk");
  await page.getByLabel("Call details").fill("Passcode 4242. Map: https://example.org/route <b>no markup</b>");
  await page.getByLabel("Max uploads per member").fill("3");
  await page.getByLabel("Recurring?").selectOption({ label: "Weekly" });
  await page.getByRole("button", { name: "Create Meeting" }).click();

  await expect(page).toHaveURL(url("/meetings"));
  await expect(page.getByRole("status")).toContainText("Meeting created!");
  const next = page.getByRole("table", { name: "Next Meeting" });
  // The topic's first line only; the time on the club's clock, not the browser's.
  await expect(next.getByRole("row").nth(1)).toContainText(FIRST_TOPIC);
  await expect(next).not.toContainText("Available light only.");
  await expect(next).toContainText("7:00 PM");

  const recurring = page.getByRole("table", { name: "Manage Recurring Meetings" });
  await expect(recurring).toContainText("Weekly");
  await recurring.getByRole("link", { name: "Create Next Meeting" }).click();
  await expect(page).toHaveURL(/\/meetings\/new\?meetingTemplateId=\d+$/);
  await expect(page.getByLabel("Date/Time")).toHaveValue(toDateTimeInput(addCalendarDays(first, 7, ZONE), ZONE));
  await expect(page.getByLabel("Date/Time")).toHaveValue(/T19:00$/);
  // The series' details, but the night's topic is its own: empty, named by the admin.
  await expect(page.getByText(`The next meeting of ${FIRST_TOPIC} (Weekly).`)).toBeVisible();
  await expect(page.getByLabel("Topic")).toHaveValue("");
  await expect(page.getByLabel("Max uploads per member")).toHaveValue("3");
  await expect(page.getByLabel("Recurring?")).toHaveCount(0);
  await page.getByLabel("Topic").fill(SECOND_TOPIC);
  await page.getByRole("button", { name: "Create Meeting" }).click();

  await expect(page).toHaveURL(url("/meetings"));
  await expect(page.getByRole("status")).toContainText("Meeting created!");
  await expect(page.getByRole("table", { name: "Upcoming Meetings" })).toContainText(SECOND_TOPIC);

  // A whole row opens its meeting.
  // (The Date/Time link is stretched over the row: a click on the Topic lands on it.)
  const row = next.getByRole("row", { name: new RegExp(FIRST_TOPIC) });
  const topicCell = (await row.getByRole("cell", { name: FIRST_TOPIC }).boundingBox())!;
  const rowBox = (await row.boundingBox())!;
  await row.click({ position: { x: topicCell.x - rowBox.x + 10, y: rowBox.height / 2 } });
  await expect(page).toHaveURL(/\/meetings\/\d+$/);
  meetingId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: FIRST_TOPIC, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Join Call" })).toHaveAttribute(
    "href",
    "https://meet.example.com/night-walk",
  );
  await expect(page.getByRole("link", { name: "https://example.org/route" })).toHaveAttribute(
    "href",
    "https://example.org/route",
  );
  await expect(page.getByText("<b>no markup</b>", { exact: false })).toBeVisible();
});

test("an admin makes the series monthly: 'Create Next Meeting' proposes the same weekday of the next month", async ({
  page,
}) => {
  await logIn(page, mira);
  await page.goto(url("/meetings"));
  const recurring = page.getByRole("table", { name: "Manage Recurring Meetings" });
  await recurring.getByRole("link", { name: "Edit Meeting Template" }).click();
  await expect(page).toHaveTitle(pageTitle("Edit Recurring Meeting"));
  const rhythm = page.getByLabel("Recurring?");
  await expect(rhythm).toHaveValue("weekly");
  await expect(rhythm.getByRole("option")).toHaveText(["Weekly", "Biweekly", "Monthly", "Monthly, last week"]);
  await rhythm.selectOption({ label: "Monthly" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`template-monthly-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Save Recurring Meeting" }).click();
  await expect(page).toHaveURL(url("/meetings"));
  await expect(page.getByRole("status")).toContainText("Recurring Meeting updated!");

  // The series' latest meeting is the second, a week after the first: the next is the same weekday in the
  // same week of the following month (after a fifth, that month's last).
  const latest = addCalendarDays(first, 7, ZONE);
  const expected = nextMonthlyStart(latest, ZONE, "same");
  await expect(recurring).toContainText(`Monthly (${monthlyDayName(latest, ZONE, "same")})`);
  await recurring.getByRole("link", { name: "Create Next Meeting" }).click();
  await expect(page.getByText(`The next meeting of ${FIRST_TOPIC} (Monthly).`)).toBeVisible();
  await expect(page.getByLabel("Date/Time")).toHaveValue(toDateTimeInput(expected, ZONE));
  await expect(page.getByLabel("Topic")).toHaveValue("");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`next-monthly-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("a member uploads camera files up to the limit, told what is left and 'Too many files!'", async ({ page }) => {
  await logIn(page, rosa);
  await page.goto(url(`/meetings/${meetingId}`));
  await page.getByRole("link", { name: "Upload Photos" }).click();
  await expect(page).toHaveTitle(pageTitle("Upload Photos"));
  await expect(page.getByText("You may upload up to 3 more photos for this meeting.")).toBeVisible();
  // The warning is for uploads on their way: none yet.
  await expect(page.getByText(STAY)).toHaveCount(0);

  const files = page.getByLabel("Photos to upload");
  await files.setInputFiles([camera("Canon_40D.jpg"), camera("Nikon_D70.jpg")]);
  await expect(page.getByText("Photo added!")).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByText("You may upload up to 1 more photo for this meeting.")).toBeVisible();
  await expect(page.getByText(STAY)).toHaveCount(0);

  await files.setInputFiles([camera("Pentax_K10D.jpg"), camera("orientation-landscape_3.jpg")]);
  await expect(page.getByRole("alert").filter({ hasText: "Too many files!" })).toHaveText(
    "Too many files! You may add 1 more photo to this meeting: choose again.",
  );
  await expect(page.getByText("Photo added!")).toHaveCount(2);

  await files.setInputFiles([camera("Pentax_K10D.jpg")]);
  await expect(page.getByText("Photo added!")).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByText("You have already uploaded 3 photos for this meeting.")).toBeVisible();

  // Her own submissions, in order, with the keyboard-friendly buttons.
  const mine = page.getByRole("region", { name: "Your photos for this meeting" });
  await expect(mine.getByRole("listitem")).toHaveCount(3);
  const thumbs = () => mine.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  const [a, b, c] = await thumbs();
  await mine
    .getByRole("button", { name: /later$/ })
    .first()
    .click();
  await expect.poll(thumbs).toEqual([b, a, c]);
  await expect(mine.getByRole("button", { name: /earlier$/ }).first()).toBeDisabled();

  // A reload starts with nothing to drop files on: the allowance is used up.
  await page.reload();
  await expect(page.getByText("You have already uploaded 3 photos for this meeting.")).toBeVisible();
  await expect(page.getByLabel("Photos to upload")).toHaveCount(0);
});

async function submitThroughApi(page: Page, file: string) {
  const signed_id = await sendCameraFile(page.request, server.baseURL, file);
  const submitted = await page.request.post(url(`/api/meetings/${meetingId}/submissions`), {
    data: { filename: file, file: signed_id },
  });
  expect(submitted.status()).toBe(201);
}

test("the meeting view groups by author and keeps the sort cookie across a reload", async ({ page, context }) => {
  await logIn(page, tomas);
  await submitThroughApi(page, "mobile-HMD_Nokia_8.3_5G.jpg");
  await page.goto(url(`/meetings/${meetingId}`));

  const authors = page.getByRole("heading", { level: 2, name: /photos?$/ });
  await expect(authors).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Photos by Rosa Reel" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("list", { name: "Photos by Tomas Tone" }).getByRole("listitem")).toHaveCount(1);
  // A rating control under every photo.
  await expect(page.getByRole("radiogroup", { name: "Your rating" })).toHaveCount(4);

  await page.getByRole("button", { name: "Alphabetical" }).click();
  await expect(page.getByRole("button", { name: "Alphabetical" })).toHaveAttribute("aria-pressed", "true");
  await expect(authors.first()).toContainText("Rosa Reel");
  expect((await context.cookies(url("/meetings"))).find((cookie) => cookie.name === "sort")?.value).toBe(
    "alphabetical",
  );
  await page.reload();
  await expect(page.getByRole("button", { name: "Alphabetical" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "false");
  await expect(authors).toHaveText([/^Rosa Reel/, /^Tomas Tone/]);

  // A photo opens in place; Next follows the meeting's order into the next author's photos.
  await page.getByRole("list", { name: "Photos by Rosa Reel" }).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/meetings/${meetingId}/\\d+$`));
  await expect(page.getByRole("link", { name: "Back to list" })).toBeVisible();
  for (let i = 0; i < 3; i++) {
    const at = page.url();
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).not.toHaveURL(at);
  }
  await expect(page.getByRole("region", { name: "Details" })).toContainText("Tomas Tone");
});

test("the timer shows the time per photo in 'min/ph' and survives a reload", async ({ page }) => {
  // An end that falls on another day is cleared on reading back: the browser's clock is set to
  // this afternoon on the club's clock, so the default end (two hours on) is still today.
  const afternoon = instantOf({ ...wallClockOf(new Date(), ZONE), hour: 15, minute: 10 }, ZONE);
  await page.clock.install({ time: afternoon });
  await logIn(page, mira);
  await page.goto(url(`/meetings/${meetingId}`));
  const before = toDateTimeInput(defaultTimerEnd(afternoon, ZONE), ZONE);
  await page.getByRole("button", { name: "Set up Timer" }).click();
  const after = toDateTimeInput(defaultTimerEnd(new Date(afternoon.getTime() + 60_000), ZONE), ZONE);
  const endAt = page.getByLabel("End at");
  await expect(endAt).toHaveValue(new RegExp(`^(${before}|${after})$`));
  // At least an hour shared by four photos.
  await expect(page.getByTestId("time-per-photo")).toHaveText(/^\d+(\.\d)? min\/ph$/);

  await page.reload();
  await expect(page.getByLabel("End at")).toHaveValue(new RegExp(`^(${before}|${after})$`));
  await expect(page.getByTestId("time-per-photo")).toHaveText(/ min\/ph$/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Set up Timer" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Set up Timer" })).toBeVisible();
});

test("the account page's calendar address serves an iCalendar feed with the meeting", async ({ page }) => {
  await logIn(page, rosa);
  await page.goto(url("/account"));
  const address = await page.getByLabel("Your calendar address").inputValue();
  expect(address).toMatch(new RegExp(`^${server.baseURL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));

  const feed = await page.request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const text = await feed.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  // The feed carries its own VTIMEZONE: registered, the event's start is read in the club's zone.
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const meeting = events.find((event) => event.summary === FIRST_TOPIC);
  expect(meeting).toBeDefined();
  expect(meeting!.startDate.toJSDate().toISOString()).toBe(first.toISOString());

  // A new address kills the old one.
  expect(await clickAndConfirm(page, page.getByRole("button", { name: "Make a new address" }))).toBe(
    "Make a new calendar address? The old one stops working at once, in every calendar that uses it.",
  );
  await expect(page.getByRole("status")).toContainText("The old one no longer works.");
  expect(await page.getByLabel("Your calendar address").inputValue()).not.toBe(address);
  expect((await page.request.get(address)).status()).toBe(404);
});

test("without JavaScript the sort toggle and deleting after the question work as plain forms; with it, a dialog asks", async ({
  page,
  openContext,
}) => {
  const plain = await (await openContext({ javaScriptEnabled: false, baseURL: server.baseURL })).newPage();
  await logIn(plain, mira);
  await plain.goto(url(`/meetings/${meetingId}`));
  await expect(plain.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "true");
  await plain.getByRole("button", { name: "Alphabetical" }).click();
  await expect(plain).toHaveURL(url(`/meetings/${meetingId}`));
  await expect(plain.getByRole("button", { name: "Alphabetical" })).toHaveAttribute("aria-pressed", "true");
  // Timer lives in the browser: nothing to offer without JavaScript.
  await expect(plain.getByRole("button", { name: "Set up Timer" })).toHaveCount(0);

  // A meeting with submissions says why it stays.
  await plain.goto(url(`/meetings/${meetingId}/edit`));
  await expect(plain.getByText("This meeting has submissions, so it cannot be deleted.")).toBeVisible();
  await expect(plain.getByRole("link", { name: "Delete Meeting" })).toHaveCount(0);

  // The next meeting has none: the question is a step of the page, then a plain post.
  await plain.goto(url("/meetings"));
  const nextHref = await plain
    .getByRole("table", { name: "Upcoming Meetings" })
    .getByRole("link")
    .first()
    .getAttribute("href");
  await plain.goto(url(`${nextHref}/edit`));
  await plain.getByRole("link", { name: "Delete Meeting" }).click();
  await expect(plain.getByText("Are you sure you wish to delete this meeting? This cannot be undone.")).toBeVisible();
  await plain.getByRole("button", { name: "Delete Meeting" }).click();
  await expect(plain).toHaveURL(url("/meetings"));
  await expect(plain.getByRole("status")).toContainText("Meeting deleted.");
  await expect(plain.getByRole("table", { name: "Upcoming Meetings" })).toHaveCount(0);

  // With JavaScript the same question is a dialog, Cancel keeping the meeting.
  await logIn(page, mira);
  const created = await page.request.post(url("/api/meetings"), {
    data: { startsAt: toDateTimeInput(addCalendarDays(first, 21, ZONE), ZONE), topic: "Harbour at dawn" },
  });
  expect(created.status()).toBe(201);
  const extraId = (await created.json()).id as number;
  await page.goto(url(`/meetings/${extraId}/edit`));
  await page.getByRole("button", { name: "Delete Meeting" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Meeting" });
  await expect(dialog).toContainText("Are you sure you wish to delete this meeting?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete Meeting" }).click();
  await dialog.getByRole("button", { name: "Delete Meeting" }).click();
  await expect(page).toHaveURL(url("/meetings"));
  await expect(page.getByRole("status")).toContainText("Meeting deleted.");
  expect((await page.request.get(url(`/api/meetings/${extraId}`))).status()).toBe(404);
});

test("withdrawing a submission asks first in the site's dialog, at 1280 and 390 px and without JavaScript", async ({
  page,
  openContext,
}) => {
  // A meeting of its own, with three of Rosa's photos.
  const admin = await openContext({ baseURL: server.baseURL });
  await logInContext(admin, mira);
  const startsAt = toDateTimeInput(addCalendarDays(first, 28, ZONE), ZONE);
  const { id } = await api<{ id: number }>(admin, "post", "/api/meetings", { startsAt, topic: "Doorways" });
  const rosas = await openContext({ baseURL: server.baseURL });
  await logInContext(rosas, rosa);
  for (const file of ["Canon_40D.jpg", "Pentax_K10D.jpg", "Nikon_D70.jpg"]) await submitToMeeting(rosas, id, file);

  await logIn(page, rosa);
  await page.goto(url(`/meetings/${id}/upload`));
  const mine = page.getByRole("region", { name: "Your photos for this meeting" });
  await expect(mine.getByRole("listitem")).toHaveCount(3);
  const question = (name: string) =>
    `Are you sure you wish to withdraw ${name} from this meeting? The photo stays in your gallery.`;

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await mine.getByRole("button", { name: "Withdraw Canon_40D.jpg" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(".confirm-question")).toHaveText(question("Canon_40D.jpg"));
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`withdraw-question-${width}.png`) });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(mine.getByRole("listitem")).toHaveCount(3);
  }

  expect(await clickAndConfirm(page, mine.getByRole("button", { name: "Withdraw Canon_40D.jpg" }))).toBe(
    question("Canon_40D.jpg"),
  );
  await expect(mine.getByRole("listitem")).toHaveCount(2);
  await expect(mine).not.toContainText("Canon_40D.jpg");

  // Without JavaScript the question opens in place, and only its own button withdraws.
  const plain = await (await openContext({ javaScriptEnabled: false, baseURL: server.baseURL })).newPage();
  await logIn(plain, rosa);
  await plain.goto(url(`/meetings/${id}/upload`));
  const plainMine = plain.getByRole("region", { name: "Your photos for this meeting" });
  const row = plainMine.getByRole("listitem").filter({ hasText: "Pentax_K10D.jpg" });
  await row.getByText("Withdraw", { exact: true }).click();
  await expect(row.getByText(question("Pentax_K10D.jpg"))).toBeVisible();
  await row.getByRole("button", { name: "Yes, Withdraw" }).click();
  await expect(plain).toHaveURL(url(`/meetings/${id}/upload`));
  await expect(plainMine.getByRole("listitem")).toHaveCount(1);
  await expect(plainMine).toContainText("Nikon_D70.jpg");
});

test("the upload page is a grid of photos with progress, a way back, and 'Choose from my photos', at 1280 and 390 px", async ({
  page,
}) => {
  // A meeting of its own with room for two, and a photo of Rosa's in her gallery but in no meeting.
  await logIn(page, mira);
  const startsAt = toDateTimeInput(addCalendarDays(first, 14, ZONE), ZONE);
  const created = await page.request.post(url("/api/meetings"), {
    data: { startsAt, topic: "Reflections", maxUploadsCount: 2 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.context().clearCookies();
  await logIn(page, rosa);
  const signedId = await sendCameraFile(page.request, server.baseURL, "gps-DSCN0010.jpg");
  const kept = await page.request.post(url("/api/photos"), { data: { filename: "gps-DSCN0010.jpg", file: signedId } });
  expect(kept.status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url(`/meetings/${id}/upload`));
  await expect(page.getByText("You may upload up to 2 more photos for this meeting.")).toBeVisible();
  await page.getByText("Choose from my photos").click();
  await page.getByRole("list", { name: "My photos" }).getByRole("button", { name: "Add gps-DSCN0010.jpg" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Photo submitted to this meeting!" })).toBeVisible();
  await expect(page.getByText("You may upload up to 1 more photo for this meeting.")).toBeVisible();
  const mine = page.getByRole("region", { name: "Your photos for this meeting" });
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine).toContainText("gps-DSCN0010.jpg");
  // Now in a meeting, it is no longer offered.
  await expect(page.getByRole("button", { name: "Add gps-DSCN0010.jpg" })).toHaveCount(0);

  // Two files for the one place left: refused together, saying how many fit.
  const files = page.getByLabel("Photos to upload");
  await files.setInputFiles([camera("Canon_40D.jpg"), camera("Nikon_D70.jpg")]);
  await expect(page.getByRole("alert").filter({ hasText: "Too many files!" })).toHaveText(
    "Too many files! You may add 1 more photo to this meeting: choose again.",
  );
  await expect(page.getByRole("list", { name: "Uploads" })).toHaveCount(0);

  // One file, its bytes held back: a tile with its progress, the warning, and no way back yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/uploads/**", async (route) => {
    await held;
    await route.continue();
  });
  const back = page.getByRole("link", { name: "Back to the meeting" });
  await expect(back).toBeVisible();
  await files.setInputFiles([camera("Canon_40D.jpg")]);
  const tile = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: "Canon_40D.jpg" });
  await expect(tile.getByRole("progressbar", { name: "Upload progress of Canon_40D.jpg" })).toBeVisible();
  await expect(tile).toContainText("Uploading");
  await expect(page.getByText(STAY)).toBeVisible();
  await expect(back).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("upload-grid-busy-1280.png"), fullPage: true });
  release();

  await expect(tile.getByRole("status")).toHaveText("Photo added!", { timeout: 60_000 });
  await expect(tile.getByRole("img")).toHaveAttribute("src", /\/media\/photos\/\d+\/thumb/);
  await expect(page.getByText(STAY)).toHaveCount(0);
  await expect(page.getByText("You have already uploaded 2 photos for this meeting.")).toBeVisible();
  await expect(back).toBeVisible();
  await expect(mine.getByRole("listitem")).toHaveCount(2);
  // The details are one click away, not spread beside every photo.
  await expect(tile.getByLabel("Caption")).toBeHidden();
  await tile.getByText("Caption and details").click();
  await expect(tile.getByLabel("Caption")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("upload-grid-done-1280.png"), fullPage: true });

  // At 390 px the tiles sit two to a row and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tile.getByLabel("Caption")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("upload-grid-done-390.png"), fullPage: true });
  await back.click();
  await expect(page).toHaveURL(url(`/meetings/${id}`));
});

test("without JavaScript 'Choose from my photos' submits a photo from the gallery as a plain form", async ({
  page,
  openContext,
}) => {
  await logIn(page, mira);
  const startsAt = toDateTimeInput(addCalendarDays(first, 21, ZONE), ZONE);
  const created = await page.request.post(url("/api/meetings"), { data: { startsAt, topic: "Shadows" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // A photo of Tomas's in his gallery, in no meeting.
  const plain = await (await openContext({ javaScriptEnabled: false, baseURL: server.baseURL })).newPage();
  await logIn(plain, tomas);
  const signedId = await sendCameraFile(plain.request, server.baseURL, "Pentax_K10D.jpg");
  const kept = await plain.request.post(url("/api/photos"), { data: { filename: "Pentax_K10D.jpg", file: signedId } });
  expect(kept.status()).toBe(201);

  await plain.goto(url(`/meetings/${id}/upload`));
  await expect(plain.getByText("You may upload up to 4 more photos for this meeting.")).toBeVisible();
  await plain.getByText("Choose from my photos").click();
  await plain.getByRole("button", { name: "Add Pentax_K10D.jpg" }).click();
  await expect(plain).toHaveURL(url(`/meetings/${id}/upload`));
  await expect(plain.getByRole("status").filter({ hasText: "Photo submitted to this meeting!" })).toBeVisible();
  await expect(plain.getByText("You may upload up to 3 more photos for this meeting.")).toBeVisible();
  const mine = plain.getByRole("region", { name: "Your photos for this meeting" });
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine).toContainText("Pentax_K10D.jpg");
  await expect(plain.getByRole("link", { name: "Back to the meeting" })).toBeVisible();
});
