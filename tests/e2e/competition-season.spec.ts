// The competition season in the browser: a published competition of two
// categories (seeded through the API: entries, the judge's scores by the link
// e-mailed to them, publishing) shows on the standings page per category,
// chosen by links; an admin turns the winners gallery on in the club settings,
// and a visitor finds it in the navbar and sees the awarded photos of public
// members, with their awards, at 1280 and 390 px; turned off, it is gone.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext } from "./support/club-api";
import { MAIL_TIMEOUT, type MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { uploadLargePhoto } from "./support/large-photos";
import { useClubServer } from "./support/use-club-server";
import { expectNotFoundPage, navbar, untilHydrated } from "./support/ui";
import { expectAccessible } from "./support/axe";

const ada = memberDetails("ada_season", "Ada", "Arbiter", true);
const bo = memberDetails("bo_season", "Bo", "Bright");
const cy = memberDetails("cy_season", "Cy", "Contrast");
const pia = memberDetails("pia_season", "Pia", "Private");
const server = useClubServer({ name: "competition-season", members: [ada, bo, cy, pia] });

test.describe.configure({ mode: "serial" });

const DAY_MS = 24 * 3600 * 1000;
const startsAt = new Date(Date.now() + 5 * DAY_MS);
/** The season the competition is in (the club's clock is UTC in the specs). */
const year = startsAt.getUTCFullYear();
const local = (date: Date) => date.toISOString().slice(0, 16);

async function contextOf(
  browser: Browser,
  member: MemberDetails | null,
  width = 1280,
  javaScriptEnabled = true,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 900 },
    javaScriptEnabled,
  });
  if (member) await logInContext(context, member);
  return context;
}

/** A photo of the member's, 2000 px wide (long enough to project), entered in a category with its title. */
async function enter(context: BrowserContext, meetingId: number, categoryId: number, title: string, seed: number) {
  const photoId = await uploadLargePhoto(context, seed, title);
  await api(context, "post", `/api/meetings/${meetingId}/submissions`, {
    PhotoId: photoId,
    CategoryId: categoryId,
    caption: title,
  });
  return photoId;
}

/** The page fits its width (nothing wider than the window) and is photographed whole. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const entryIds: Record<string, number> = {};

test("a competition of two categories is entered, judged and published (through the API)", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await contextOf(browser, ada);
  const meeting = await api<{ id: number; categories: { id: number; name: string }[] }>(
    admin,
    "post",
    "/api/meetings",
    {
      startsAt: local(startsAt),
      topic: "Winter competition",
      kind: "competition",
      closesAt: local(new Date(startsAt.getTime() - 2 * DAY_MS)),
      categories: [
        { name: "Colour", maxEntries: 3 },
        { name: "Mono", maxEntries: 2 },
      ],
    },
  );
  const [colour, mono] = meeting.categories;
  // Pia chose not to be shown to visitors.
  const members = { bo, cy, pia };
  const contexts = Object.fromEntries(
    await Promise.all(Object.entries(members).map(async ([name, member]) => [name, await contextOf(browser, member)])),
  ) as Record<keyof typeof members, BrowserContext>;
  const piaId = (await api<{ id: number }>(contexts.pia, "get", "/api/users/me")).id;
  await api(contexts.pia, "patch", `/api/users/${piaId}`, { isPublic: false });
  const entries: [keyof typeof members, number, string][] = [
    ["bo", colour!.id, "Red door"],
    ["cy", colour!.id, "Blue hour"],
    ["pia", colour!.id, "Yellow cab"],
    ["bo", mono!.id, "Rain"],
    ["cy", mono!.id, "Shadows"],
  ];
  for (const [index, [member, categoryId, title]] of entries.entries())
    entryIds[title] = await enter(contexts[member], meeting.id, categoryId, title, 30 + index * 40);
  for (const context of Object.values(contexts)) await context.close();

  await api(admin, "post", `/api/meetings/${meeting.id}/judges`, { name: "Fay Godwin", email: "fay@example.com" });
  const mailDir = path.join(server.dataDir, "mail");
  let token = "";
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
        for (const file of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
          const link = mail.text?.match(/\/judge\/([A-Za-z0-9_-]{43})/);
          if (link) token = link[1]!;
        }
        return token;
      },
      { timeout: MAIL_TIMEOUT },
    )
    .not.toBe("");
  // Colour: Pia 1st (private), Bo 2nd, Cy 3rd; Mono: Cy 1st, Bo 2nd.
  const scores: Record<string, number> = { "Yellow cab": 19, "Red door": 16, "Blue hour": 12, Rain: 11, Shadows: 18 };
  for (const [title, score] of Object.entries(scores)) {
    await api(admin, "put", `/api/judge/${token}/scores/${entryIds[title]}`, { score, critique: `On ${title}.` });
  }
  await api(admin, "post", `/api/meetings/${meeting.id}/publish`);
  await admin.close();
});

test("the standings page shows each category's points table, chosen by links, at 1280 and 390 px", async ({
  browser,
}) => {
  const context = await contextOf(browser, bo);
  const page = await context.newPage();
  await page.goto(`/meetings/standings?year=${year}`);
  const season = page.getByRole("region", { name: "Competitions: Colour" });
  await expect(season).toBeVisible();
  const categories = season.getByRole("navigation", { name: "Categories" });
  await expect(categories.getByRole("link")).toHaveText(["Colour", "Mono"]);
  await expect(categories.getByRole("link", { name: "Colour" })).toHaveAttribute("aria-current", "page");
  const table = season.getByRole("table", { name: `Colour ${year}` });
  // Points: 1st 6, 2nd 4, 3rd 2, and 1 for each entry scored.
  await expect(table.getByRole("row").nth(1)).toContainText("Pia Private");
  await expect(table.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("7");
  await expect(table.getByRole("row").nth(2)).toContainText("Bo Bright");
  await expect(table.getByRole("row").nth(2).getByRole("cell").last()).toHaveText("5");
  await expect(table.getByRole("row").nth(3).getByRole("cell").last()).toHaveText("3");
  await expect(season).toContainText("Points for each award: 1st 6, 2nd 4, 3rd 2, Highly Commended 1");
  await shoot(page, "standings-colour");

  await categories.getByRole("link", { name: "Mono" }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year}&category=Mono`));
  const mono = page.getByRole("region", { name: "Competitions: Mono" });
  const monoTable = mono.getByRole("table", { name: `Mono ${year}` });
  await expect(monoTable.getByRole("row")).toHaveCount(3);
  await expect(monoTable.getByRole("row").nth(1)).toContainText("Cy Contrast");
  await expect(monoTable.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("7");
  await expect(monoTable.getByRole("row").nth(2)).toContainText("Bo Bright");
  await shoot(page, "standings-mono");
  await expectAccessible(page, "the standings page with a competition category");
  await context.close();
});

test("an admin turns the winners gallery on without a script, and a visitor finds it from the navbar", async ({
  browser,
}) => {
  // The club settings' form works without a script.
  const admin = await contextOf(browser, ada, 1280, false);
  const settings = await admin.newPage();
  await settings.goto("/admin/club");
  const form = settings.getByRole("region", { name: "Competitions" });
  await form.getByLabel("Show the winners gallery").check();
  await form.getByRole("button", { name: "Save competition settings" }).click();
  await expect(settings.getByText("Competition settings saved.")).toBeVisible();
  await expect(
    settings.getByRole("region", { name: "Competitions" }).getByLabel("Show the winners gallery"),
  ).toBeChecked();
  await shoot(settings, "club-settings");

  const visitor = await contextOf(browser, null);
  const page = await visitor.newPage();
  await page.goto("/");
  await navbar(page).getByRole("link", { name: "Winners" }).click();
  await expect(page).toHaveURL(/\/winners$/);
  if (new Date().getUTCFullYear() !== year) await page.goto(`/winners?year=${year}`);
  await expect(page.getByRole("heading", { name: `Winners ${year}`, level: 1 })).toBeVisible();
  const colour = page.getByRole("region", { name: "Winter competition: Colour" });
  // Pia's 1st is not shown: she is not public. Bo's 2nd and Cy's 3rd are.
  await expect(colour.getByRole("listitem")).toHaveCount(2);
  await expect(colour.getByRole("listitem").first()).toContainText("2nd");
  await expect(colour.getByRole("listitem").first()).toContainText("Red door");
  await expect(colour.getByRole("listitem").first()).toContainText("Bo Bright");
  await expect(colour.getByRole("listitem").nth(1)).toContainText("3rd");
  await expect(page.locator("main")).not.toContainText(/Yellow cab|Pia Private/);
  const mono = page.getByRole("region", { name: "Winter competition: Mono" });
  await expect(mono.getByRole("listitem").first()).toContainText("1st");
  await expect(mono.getByRole("listitem").first()).toContainText("Shadows");
  // The visitor's browser got every thumbnail (the access rule lets them through while the gallery is on).
  const images = page.locator(".winner-image img");
  await expect(images).toHaveCount(4);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  // A private member's award stays closed to visitors.
  const privateThumb = await visitor.request.get(`/media/photos/${entryIds["Yellow cab"]}/thumb`);
  expect(privateThumb.status()).toBe(404);
  await shoot(page, "winners");
  await expectAccessible(page, "the winners gallery, as a visitor");

  // Turned off: no link, and the address answers 'Not found', images included.
  const thumbAddress = await images.first().getAttribute("src");
  await form.getByLabel("Show the winners gallery").uncheck();
  await form.getByRole("button", { name: "Save competition settings" }).click();
  await expect(settings.getByText("Competition settings saved.")).toBeVisible();
  await page.goto("/");
  await expect(navbar(page).getByRole("link", { name: "Winners" })).toHaveCount(0);
  await page.goto("/winners");
  await expectNotFoundPage(page, "There is no winners gallery at this address.");
  expect((await visitor.request.get(thumbAddress!)).status()).toBe(404);
  await visitor.close();
  await admin.close();
});

test("a recurring competition is edited on its form: categories, score out of and days before", async ({ browser }) => {
  const admin = await contextOf(browser, ada);
  const first = await api<{ MeetingTemplateId: number }>(admin, "post", "/api/meetings", {
    startsAt: local(new Date(startsAt.getTime() + 7 * DAY_MS)),
    topic: "Monthly competition",
    repeats: "monthly",
    kind: "competition",
    closesAt: local(new Date(startsAt.getTime() + 5 * DAY_MS)),
    categories: [{ name: "Open", maxEntries: 2 }],
  });
  const page = await admin.newPage();
  await page.goto(`/meetings/templates/${first.MeetingTemplateId}/edit`);
  await untilHydrated(page);
  await expect(page.getByLabel("Kind of meeting")).toHaveValue("competition");
  await expect(page.getByLabel("Entries close (days before each meeting)")).toHaveValue("2");
  await expect(page.getByLabel("Category 1 name")).toHaveValue("Open");
  await page.getByLabel("Entries close (days before each meeting)").fill("4");
  await page.getByLabel("Score out of").selectOption("15");
  await page.getByLabel("Category 2 name").fill("Nature");
  await shoot(page, "recurring-competition-form");
  await page.getByRole("button", { name: "Save Recurring Meeting" }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  const template = await api<{ scoreMax: number; closesDaysBefore: number; categories: { name: string }[] }>(
    admin,
    "get",
    `/api/meetings/templates/${first.MeetingTemplateId}`,
  );
  expect(template).toMatchObject({ scoreMax: 15, closesDaysBefore: 4 });
  expect(template.categories.map((category) => category.name)).toEqual(["Open", "Nature"]);
  await admin.close();
});
