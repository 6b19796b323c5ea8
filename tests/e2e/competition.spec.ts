// A competition night's preparation in the browser: an admin creates a
// competition with two categories on the meeting form; members enter photos
// (large enough to project) in a category with a title; entries close; the
// outside judge opens the private link on a tablet, views an entry full
// screen, scores it offline (kept on the device, saved when the connection is
// back), scores the rest and downloads the originals; the admin publishes, and
// the results name the authors with their awards.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext } from "./support/club-api";
import { MAIL_TIMEOUT, type MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { untilHydrated } from "./support/ui";

const ada = memberDetails("ada_admin", "Ada", "Arbiter", true);
const bo = memberDetails("bo_enters", "Bo", "Bright");
const cy = memberDetails("cy_enters", "Cy", "Contrast");
const server = useClubServer({ name: "competition", members: [ada, bo, cy] });

test.describe.configure({ mode: "serial" });

async function contextOf(browser: Browser, member: MemberDetails, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
  await logInContext(context, member);
  return context;
}

/** A JPEG of 2000 x 1333 px (long enough to project), its colour its own. */
async function largeJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 2000, height: 1333, channels: 3, background: { r: seed, g: 120, b: 255 - seed } },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Uploads a large photo to the member's gallery with a caption; its id. */
async function galleryPhoto(context: BrowserContext, seed: number, caption: string): Promise<number> {
  const bytes = await largeJpeg(seed);
  const announced = await api<{ signed_id: string; direct_upload: { url: string; headers: Record<string, string> } }>(
    context,
    "post",
    "/api/assets",
    { blob: { filename: `${caption}.jpg`, content_type: "image/jpeg", byte_size: bytes.length } },
  );
  const put = await context.request.put(announced.direct_upload.url, {
    headers: announced.direct_upload.headers,
    data: bytes,
  });
  expect(put.ok()).toBe(true);
  const photo = await api<{ id: number }>(context, "post", "/api/photos", {
    filename: `${caption}.jpg`,
    file: announced.signed_id,
  });
  await api(context, "patch", `/api/photos/${photo.id}`, { caption });
  return photo.id;
}

const local = (date: Date) => date.toISOString().slice(0, 16);
let meetingId: number;

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
});

test("the judge scores on a tablet through the private link, offline too, and downloads the originals", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await contextOf(browser, ada);
  await api(admin, "post", `/api/meetings/${meetingId}/judges`, { name: "Fay Godwin", email: "fay@example.com" });
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
  await expect(page.getByRole("heading", { name: "Judging Spring competition" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Colour (2 entries)" })).toBeVisible();
  await expect(page.getByText("0 of 3 entries scored")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/Bo Bright|Cy Contrast|bo_enters|cy_enters/);
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
  await page.reload();
  await expect(page.getByText("3 of 3 entries scored")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the originals" }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe("Spring competition - originals.zip");
  const saved = await zip.path();
  expect(fs.statSync(saved!).size).toBeGreaterThan(3 * 10_000);
  await tablet.close();

  // Published: the results name the authors, and the link closes.
  const results = await api<{
    categories: { name: string; results: { award: string; score: number; User: { firstName: string } }[] }[];
  }>(admin, "post", `/api/meetings/${meetingId}/publish`);
  const mono = results.categories.find((category) => category.name === "Mono")!;
  expect(mono.results[0]).toMatchObject({ award: "1st", User: { firstName: "Bo" } });
  const closed = await admin.request.get(`/api/judge/${token}`);
  expect(closed.status()).toBe(410);
  await admin.close();
});
