// A competition end to end in the browser: an admin creates a competition
// with two categories on the meeting form; three members enter photos (large
// enough to project) in a category with a title; entries close, and a member
// who comes later finds them closed; the
// outside judge opens the private link on a tablet, views an entry full
// screen, scores it offline (kept on the device, saved when the connection is
// back), scores the rest and downloads the originals; the admin changes an award
// and publishes on the results page (with and without a script), which then
// names the authors with their awards; and the night is presented: each entry by
// category, number and title, the judge's comments, then its score and award;
// afterwards each entrant's recap, the season's points table and the winners gallery.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext } from "./support/club-api";
import { MAIL_TIMEOUT, type MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { uploadLargePhoto } from "./support/large-photos";
import { useClubServer } from "./support/use-club-server";
import { clickAndCancel, untilHydrated } from "./support/ui";

const ada = memberDetails("ada_admin", "Ada", "Arbiter", true);
const bo = memberDetails("bo_enters", "Bo", "Bright");
const cy = memberDetails("cy_enters", "Cy", "Contrast");
const di = memberDetails("di_enters", "Di", "Dawdle");
const ed = memberDetails("ed_too_late", "Ed", "Eleventh");
const server = useClubServer({ name: "competition", members: [ada, bo, cy, di, ed] });

test.describe.configure({ mode: "serial" });

async function contextOf(browser: Browser, member: MemberDetails, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
  await logInContext(context, member);
  return context;
}

/** Uploads a large photo to the member's gallery with a caption; its id. */
async function galleryPhoto(context: BrowserContext, seed: number, caption: string): Promise<number> {
  const id = await uploadLargePhoto(context, seed, caption);
  await api(context, "patch", `/api/photos/${id}`, { caption });
  return id;
}

const local = (date: Date) => date.toISOString().slice(0, 16);
let meetingId: number;
/** The judge's private link's token, closed once the results are published. */
let judgeToken: string;

test("an admin creates a competition with two categories on the meeting form, at 1280 and 390 px", async ({
  browser,
}) => {
  const admin = await contextOf(browser, ada);
  const page = await admin.newPage();
  await page.goto("/meetings/new");
  await untilHydrated(page);
  await page.getByLabel("Date/Time").fill(local(new Date(Date.now() + 5 * 24 * 3600 * 1000)));
  await page.getByLabel("Topic").fill("Spring competition\nColour and mono, judged by Fay.");
  await expect(page.getByLabel("Entries close")).toHaveCount(0);
  await page.getByLabel("Kind of meeting").selectOption("competition");
  await page.getByLabel("Entries close").fill(local(new Date(Date.now() + 2 * 24 * 3600 * 1000)));
  await page.getByLabel("Score out of").selectOption("20");
  await page.getByLabel("Category 1 name").fill("Colour");
  await page.getByLabel("Category 1 entries per member").fill("2");
  await page.getByLabel("Category 2 name").fill("Mono");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`competition-form-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Create Meeting" }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  await expect(page.getByText("Meeting created!")).toBeVisible();
  meetingId = (await api<{ nextMeeting: { id: number } }>(admin, "get", "/api/meetings")).nextMeeting.id;
  const meeting = await api<{ kind: string; anonymous: boolean; categories: { name: string; maxEntries: number }[] }>(
    admin,
    "get",
    `/api/meetings/${meetingId}`,
  );
  expect(meeting).toMatchObject({
    kind: "competition",
    anonymous: true,
    categories: [
      { name: "Colour", maxEntries: 2 },
      { name: "Mono", maxEntries: 1 },
    ],
  });
  // Its page says when entries close and its categories; its names come with the results, not with a button.
  await page.goto(`/meetings/${meetingId}`);
  const about = page.locator(".competition-about");
  await expect(about).toContainText("Competition. Entries close");
  await expect(about.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText([
    "Colour (up to 2 entries each)",
    "Mono (up to 1 entry each)",
  ]);
  await expect(page.getByRole("button", { name: "Reveal names" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath("competition-page-390.png"), fullPage: true });
  await admin.close();
});

test("members enter their photos in a category with a title, from 'Choose from my photos'", async ({ browser }) => {
  for (const [member, photos] of [
    [
      bo,
      [
        ["Doorway", 40, "Colour"],
        ["Rain", 90, "Mono"],
      ],
    ],
    [cy, [["Pigeons", 160, "Colour"]]],
    [di, [["Fog", 220, "Mono"]]],
  ] as const) {
    const context = await contextOf(browser, member);
    for (const [caption, seed] of photos) await galleryPhoto(context, seed, `${caption} draft`);
    const page = await context.newPage();
    for (const [caption, , category] of photos) {
      await page.goto(`/meetings/${meetingId}/upload`);
      await untilHydrated(page);
      await page.getByText("Choose from my photos").click();
      const chooser = page.locator(".choose-photos");
      await chooser
        .getByLabel("Category")
        .selectOption({ label: category === "Colour" ? "Colour (up to 2 entries)" : "Mono (up to 1 entry)" });
      await chooser.getByLabel("Title").fill(caption);
      await chooser.getByRole("button", { name: `Add ${caption} draft` }).click();
      await expect(page.getByRole("status").filter({ hasText: "Photo submitted to this meeting!" })).toBeVisible();
    }
    await context.close();
  }

  // Entries close (the admin moves the deadline to yesterday): a member who comes later is told so, with nothing to choose.
  const admin = await contextOf(browser, ada);
  const edit = await admin.newPage();
  await edit.goto(`/meetings/${meetingId}/edit`);
  await edit.getByLabel("Entries close").fill(local(new Date(Date.now() - 24 * 3600 * 1000)));
  await edit.getByRole("button", { name: "Save Meeting" }).click();
  await expect(edit).not.toHaveURL(/\/edit$/);
  await edit.goto(`/meetings/${meetingId}`);
  await expect(edit.locator(".competition-about")).toContainText("Entries closed on ");
  await admin.close();
  const late = await contextOf(browser, ed);
  await galleryPhoto(late, 200, "Late");
  const upload = await late.newPage();
  await upload.goto(`/meetings/${meetingId}/upload`);
  await expect(upload.locator(".notice.refused")).toHaveText(/^Entries closed on .+\.$/);
  await expect(upload.getByText("Choose from my photos")).toHaveCount(0);
  await expect(upload.getByLabel("Photos to upload")).toHaveCount(0);
  await late.close();
});

test("the judge scores on a tablet through the private link, offline too, and downloads the originals", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await contextOf(browser, ada);
  // The admin invites the judge on the competition's edit page (the link goes by e-mail only).
  const edit = await admin.newPage();
  await edit.goto(`/meetings/${meetingId}/edit`);
  await untilHydrated(edit);
  const judging = edit.getByRole("region", { name: "The judge" });
  await expect(judging).toContainText("No judge has been invited yet.");
  await judging.getByLabel("Judge's name").fill("Fay Godwin");
  await judging.getByLabel("Judge's email").fill("fay@example.com");
  await judging.getByRole("button", { name: "Invite Judge" }).click();
  await expect(edit.getByText("Judging link sent to Fay Godwin at fay@example.com.")).toBeVisible();
  await expect(judging.getByRole("list", { name: "Judges invited" })).toContainText("Fay Godwin");
  await expect(judging.getByLabel("Judge's name")).toHaveValue("");
  await expect(judging.getByRole("link", { name: "Download the originals" })).toHaveAttribute(
    "href",
    `/api/meetings/${meetingId}/originals.zip`,
  );
  await edit.setViewportSize({ width: 390, height: 900 });
  await judging.scrollIntoViewIfNeeded();
  await edit.screenshot({ path: test.info().outputPath("competition-judge-invite-390.png") });
  await edit.close();
  // No mail server here: each e-mail is a file in the data folder.
  const mailDir = path.join(server.dataDir, "mail");
  await expect
    .poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0), { timeout: MAIL_TIMEOUT })
    .toBeGreaterThan(0);
  const mails = await Promise.all(
    fs.readdirSync(mailDir).map((file) => simpleParser(fs.readFileSync(path.join(mailDir, file)))),
  );
  const invite = mails.find((mail) => mail.subject?.startsWith("Judging Spring competition"))!;
  const link = invite.text!.match(/https?:\/\/\S+\/judge\/[A-Za-z0-9_-]{43}/)![0];
  const token = link.split("/judge/")[1]!;

  const tablet = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
  });
  const page = await tablet.newPage();
  const response = await page.goto(`/judge/${token}`);
  expect(response!.headers()["x-robots-tag"]).toContain("noindex");
  expect(response!.headers()["cache-control"]).toContain("no-store");
  await untilHydrated(page);
  // The judge is no member: the club's name, no menu, no way to log in.
  await expect(page.getByRole("banner")).toHaveText("Test Street Club");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Judging Spring competition" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Colour (2 entries)" })).toBeVisible();
  await expect(page.getByText("0 of 4 entries scored")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/Bo Bright|Cy Contrast|Di Dawdle|bo_enters|cy_enters|di_enters/);
  await page.screenshot({ path: test.info().outputPath("judge-tablet.png"), fullPage: true });

  // Full screen, then back.
  const entries = page.locator(".judge-entry");
  await entries
    .first()
    .getByRole("button", { name: /full screen/ })
    .click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByRole("img")).toBeVisible();
  await viewer.getByRole("button", { name: "Full size" }).click();
  await expect(viewer.getByRole("button", { name: "Fit" })).toBeVisible();
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);

  // Offline: the score stays on the device, and is saved when the connection is back.
  await tablet.setOffline(true);
  const first = entries.first();
  await first.getByLabel(/^Score/).fill("17");
  await first.getByLabel("Critique").fill("Lovely layering; the doorway frames it.");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("status")).toContainText("Kept on this device");
  await tablet.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(first.getByRole("status")).toHaveText("Saved");

  // A reload keeps what was typed and not yet sent.
  const second = entries.nth(1);
  await second.getByLabel(/^Score/).fill("12");
  await page.reload();
  await untilHydrated(page);
  await expect(entries.nth(1).getByLabel(/^Score/)).toHaveValue("12");
  await entries.nth(1).getByRole("button", { name: "Save" }).click();
  await expect(entries.nth(1).getByRole("status")).toHaveText("Saved");
  await entries
    .nth(2)
    .getByLabel(/^Score/)
    .fill("19");
  await entries.nth(2).getByRole("button", { name: "Save" }).click();
  await expect(entries.nth(2).getByRole("status")).toHaveText("Saved");
  await entries
    .nth(3)
    .getByLabel(/^Score/)
    .fill("9");
  await entries.nth(3).getByRole("button", { name: "Save" }).click();
  await expect(entries.nth(3).getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(page.getByText("4 of 4 entries scored")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the originals" }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe("Spring competition - originals.zip");
  const saved = await zip.path();
  expect(fs.statSync(saved!).size).toBeGreaterThan(4 * 10_000);
  await tablet.close();
  judgeToken = token;
  await admin.close();
});

test("before publishing, the admin sees the judge's ranking without names and changes an award", async ({
  browser,
}) => {
  const admin = await contextOf(browser, ada);
  const page = await admin.newPage();
  await page.goto(`/meetings/${meetingId}/results`);
  await untilHydrated(page);
  await expect(page.getByTestId("judge-progress")).toHaveText("The judge has scored 4 of 4 entries.");
  await expect(page.locator("main")).not.toContainText(/Bo Bright|Cy Contrast/);
  // Colour: entry 1 scored 17 (1st), entry 2 scored 12 (2nd); Mono: entry 3 scored 19 (1st).
  const colour = page.getByRole("region", { name: "Colour" });
  await expect(colour.locator(".entry-score")).toHaveText(["Score 17 / 20", "Score 12 / 20"]);
  await expect(colour.locator(".award-badge")).toHaveText(["1st", "2nd"]);
  await expect(colour.locator(".judge-critique")).toHaveText(["Lovely layering; the doorway frames it."]);
  await colour.getByLabel("Award for entry 2").selectOption("HC");
  await colour.getByRole("listitem").nth(1).getByRole("button", { name: "Change award" }).click();
  await expect(page.getByText("Entry 2 is now Highly Commended.")).toBeVisible();
  await expect(colour.locator(".award-badge")).toHaveText(["1st", "Highly Commended"]);
  // Publishing asks first; Cancel sends nothing.
  expect(await clickAndCancel(page, page.getByRole("button", { name: "Publish results" }))).toContain(
    "This cannot be undone.",
  );
  await expect(page.getByTestId("judge-progress")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`competition-results-admin-${width}.png`), fullPage: true });
  }
  // A member sees nothing of them yet.
  const member = await contextOf(browser, bo);
  const theirs = await member.newPage();
  await theirs.goto(`/meetings/${meetingId}/results`);
  await expect(theirs.getByText("The results of this competition are shown when they are published.")).toBeVisible();
  await expect(theirs.locator("main")).not.toContainText(/Score|Lovely layering/);
  await Promise.all([admin.close(), member.close()]);
});

test("without a script, the admin changes an award back and publishes; the results name the authors", async ({
  browser,
}) => {
  const noScript = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  await logInContext(noScript, ada);
  const page = await noScript.newPage();
  await page.goto(`/meetings/${meetingId}/results`);
  const colour = page.getByRole("region", { name: "Colour" });
  await colour.getByLabel("Award for entry 2").selectOption("place");
  await colour.getByRole("listitem").nth(1).getByRole("button", { name: "Change award" }).click();
  await expect(page.getByText("Entry 2 is now 2nd.")).toBeVisible();
  // ConfirmButton's <details>: the question opens in place, and its button posts the form.
  await page.locator("summary", { hasText: "Publish results" }).click();
  await expect(page.getByText(/Publish the results\? Every member sees/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, Publish results" }).click();
  await expect(page.getByText("Results published!")).toBeVisible();
  await noScript.close();

  // Published: every member sees the awards and the names, and the judge's link has closed.
  const member = await contextOf(browser, cy);
  // Bo's stars go to Cy's Pigeons, the judge's second: the members' favourite, shown apart from the ranking.
  const published = await api<{ categories: { results: { Photo: { id: number; caption: string } }[] }[] }>(
    member,
    "get",
    `/api/meetings/${meetingId}/results`,
  );
  const pigeons = published.categories.flatMap((c) => c.results).find((r) => r.Photo.caption === "Pigeons")!;
  const rater = await contextOf(browser, bo);
  await api(rater, "post", `/api/photos/${pigeons.Photo.id}/rate`, { value: 5 });
  await rater.close();
  const results = await member.newPage();
  await results.goto(`/meetings/${meetingId}/results`);
  const favourite = results.getByRole("region", { name: "Colour" }).getByRole("complementary", {
    name: "Members' favourite",
  });
  await expect(favourite).toContainText("Pigeons");
  await expect(favourite).toContainText("★ 5");
  const colour2 = results.getByRole("region", { name: "Colour" });
  await expect(colour2.locator(".award-badge")).toHaveText(["1st", "2nd"]);
  await expect(results.getByRole("region", { name: "Mono" }).getByRole("link", { name: "Bo Bright" })).toBeVisible();
  await expect(colour2.getByRole("link", { name: /Bo Bright|Cy Contrast/ })).toHaveCount(2);
  for (const width of [1280, 390]) {
    await results.setViewportSize({ width, height: 900 });
    expect(await results.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await results.screenshot({ path: test.info().outputPath(`competition-results-${width}.png`), fullPage: true });
  }
  expect((await member.request.get(`/api/judge/${judgeToken}`)).status()).toBe(410);
  await member.close();
  // The judge's page says the link has closed, still without the club's menu.
  const judge = await browser.newContext({ baseURL: server.baseURL });
  const closed = await judge.newPage();
  expect((await closed.goto(`/judge/${judgeToken}`))!.status()).toBe(410);
  await expect(closed.getByRole("banner")).toHaveText("Test Street Club");
  await expect(closed.getByRole("link", { name: "Log in" })).toHaveCount(0);
  await judge.close();
});

test("the night is presented: entry by entry, the judge's comments, then the score and award on every screen", async ({
  browser,
}) => {
  const host = await contextOf(browser, ada);
  const screen = await host.newPage();
  await screen.setViewportSize({ width: 1280, height: 720 });
  await screen.goto(`/meetings/${meetingId}/present`);
  await expect(screen.locator("main.presenter.hydrated")).toHaveCount(1);
  await expect(screen.getByTestId("presenter-entry")).toHaveText("Colour · Entry 1");
  await expect(screen.locator(".presenter-caption")).toHaveText(/^(Doorway|Pigeons)$/);
  // A member's screen (following the room) shows what the host shows.
  const member = await contextOf(browser, bo, 390);
  const follower = await member.newPage();
  await follower.goto(`/meetings/${meetingId}/present`);
  await expect(follower.locator("main.presenter.hydrated")).toHaveCount(1);
  await expect(follower.getByTestId("presenter-entry")).toHaveText("Colour · Entry 1");
  await expect(follower.getByRole("button", { name: "Show result" })).toHaveCount(0);
  await expect(follower.getByTestId("entry-result")).toHaveCount(0);

  await screen.mouse.move(640, 300);
  await screen.getByRole("button", { name: "Judge's comments" }).click();
  for (const page of [screen, follower])
    await expect(page.getByTestId("judge-comments")).toContainText("Lovely layering; the doorway frames it.");
  await screen.screenshot({ path: test.info().outputPath("presenter-comments-1280.png") });
  await screen.mouse.move(600, 320);
  await screen.getByRole("button", { name: "Show result" }).click();
  for (const page of [screen, follower]) {
    const result = page.getByTestId("entry-result");
    await expect(result.locator(".presenter-award")).toHaveText("1st");
    await expect(result.locator(".presenter-score")).toHaveText("Score 17 / 20");
    await expect(result.locator(".presenter-result-author")).toHaveText(/^(Bo Bright|Cy Contrast)$/);
    await expect(page.getByTestId("judge-comments")).toHaveCount(0);
  }
  await screen.mouse.move(1, 1);
  await screen.screenshot({ path: test.info().outputPath("presenter-result-1280.png") });
  await follower.screenshot({ path: test.info().outputPath("presenter-result-390.png") });
  // The next entry: its own line, nothing shown of it until the host shows it.
  await screen.keyboard.press("ArrowRight");
  await expect(screen.getByTestId("presenter-entry")).toHaveText("Colour · Entry 2");
  await expect(screen.getByTestId("entry-result")).toHaveCount(0);
  await screen.keyboard.press("r");
  await expect(screen.getByTestId("entry-result").locator(".presenter-score")).toHaveText("Score 12 / 20");
  // A member's own full-screen viewer of that entry shows it too (the room's latest showing).
  const { categories } = await api<{ categories: { results: { number: number; Photo: { id: number } }[] }[] }>(
    member,
    "get",
    `/api/meetings/${meetingId}/results`,
  );
  const second = categories.flatMap((c) => c.results).find((r) => r.number === 2)!;
  const own = await member.newPage();
  await own.goto(`/meetings/${meetingId}/${second.Photo.id}?view=full`);
  await expect(own.getByTestId("viewer-entry")).toHaveText("2nd · Score 12 / 20 · Cy Contrast");
  await own.screenshot({ path: test.info().outputPath("viewer-entry-390.png") });
  await Promise.all([host.close(), member.close()]);
});

test("after the night each entrant's recap gives their scores and awards, the season counts them, visitors see the winners", async ({
  browser,
}) => {
  // Publishing sent the recaps: e-mails are files in the data folder here.
  const mailDir = path.join(server.dataDir, "mail");
  const recapTo = async (member: MemberDetails) => {
    let found: string | undefined;
    await expect
      .poll(
        async () => {
          for (const file of fs.readdirSync(mailDir)) {
            const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
            const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
            if (mail.subject?.startsWith("Results: Spring competition") && to?.text.includes(member.email))
              found = mail.text;
          }
          return found !== undefined;
        },
        { timeout: MAIL_TIMEOUT },
      )
      .toBe(true);
    return found!;
  };
  const boRecap = await recapTo(bo);
  expect(boRecap).toContain(`"Doorway" (Colour): 17 of 20, 1st`);
  expect(boRecap).toContain(`"Rain" (Mono): 19 of 20, 1st`);
  expect(boRecap).toContain("The judge's critiques are with the results.");
  const cyRecap = await recapTo(cy);
  expect(cyRecap).toContain(`"Pigeons" (Colour): 12 of 20, 2nd`);
  expect(cyRecap).not.toContain("Doorway");
  expect(await recapTo(di)).toContain(`"Fog" (Mono): 9 of 20, 2nd`);

  // The season's points table: an award's points and 1 for each entry scored (the club's defaults).
  const admin = await contextOf(browser, ada);
  const { startsAt } = await api<{ startsAt: string }>(admin, "get", `/api/meetings/${meetingId}`);
  const year = new Date(startsAt).getFullYear();
  const page = await admin.newPage();
  await page.goto(`/meetings/standings?year=${year}&category=Colour`);
  const table = page
    .getByRole("region", { name: "Competitions: Colour" })
    .getByRole("table", { name: `Colour ${year}` });
  await expect(table.getByRole("row").nth(1)).toContainText("Bo Bright");
  await expect(table.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("7");
  await expect(table.getByRole("row").nth(2)).toContainText("Cy Contrast");
  await expect(table.getByRole("row").nth(2).getByRole("cell").last()).toHaveText("5");

  // The winners gallery, once an admin turns it on: a visitor sees the night's awards with the names.
  await api(admin, "patch", "/api/club", { winnersGallery: true });
  const visitor = await browser.newContext({ baseURL: server.baseURL });
  const gallery = await visitor.newPage();
  await gallery.goto(`/winners?year=${year}`);
  const colour = gallery.getByRole("region", { name: "Spring competition: Colour" });
  await expect(colour.getByRole("listitem")).toHaveCount(2);
  await expect(colour.getByRole("listitem").first()).toContainText("1st");
  await expect(colour.getByRole("listitem").first()).toContainText("Doorway");
  await expect(colour.getByRole("listitem").first()).toContainText("Bo Bright");
  const mono = gallery.getByRole("region", { name: "Spring competition: Mono" });
  await expect(mono.getByRole("listitem")).toHaveCount(2);
  await expect(mono.getByRole("listitem").first()).toContainText("Rain");
  await expect(mono.getByRole("listitem").nth(1)).toContainText("2nd");
  await expect(mono.getByRole("listitem").nth(1)).toContainText("Di Dawdle");
  const thumb = colour.getByRole("listitem").first().getByRole("img");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await gallery.screenshot({ path: test.info().outputPath("winners-after-the-night.png"), fullPage: true });
  await Promise.all([admin.close(), visitor.close()]);
});
