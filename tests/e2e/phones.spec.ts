// Phones: every screen, as a visitor, a member and an
// admin, at 390 px: the page never scrolls sideways, buttons side by side keep
// a space between them, and a long site title wraps instead of being cut. The
// admin works from a phone: every row's buttons on the members page are in view
// and answer a tap. The phone menu opens without JavaScript (a link to the menu).
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext, submitToMeeting } from "./support/club-api";
import { memberDetails } from "./support/members";
import { confirmDialog, layoutShift, untilHydrated } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The default title's length and more: the kind of title that used to be cut off mid-word. */
const LONG_TITLE = "San Francisco Bay Area Street Photographers";
const thisYear = new Date().getFullYear();

const ines = memberDetails("ines_phone", "Ines", "Index", true);
const milo = memberDetails("milo_phone", "Milo", "Monochrome");
/** Long names and a long address, as real members have. */
const vivian = memberDetails("vivian_maier_streetphoto", "Vivian", "Maier-Longfellow");

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states: Record<"admin" | "member", StorageState | undefined> = { admin: undefined, member: undefined };
const ids = { meeting: 0, template: 0, photo: 0, invite: 0, milo: 0, vivian: 0 };

const server = useClubServer({
  name: "phones",
  env: { SITE_TITLE: LONG_TITLE },
  members: [ines, milo, vivian],
  beforeStart: async (_databaseUrl, [, miloId, vivianId]) => {
    ids.milo = miloId!;
    ids.vivian = vivianId!;
  },
});

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  const admin = await browser.newContext({ baseURL: server.baseURL });
  const member = await browser.newContext({ baseURL: server.baseURL });
  try {
    await logInContext(admin, ines);
    await logInContext(member, milo);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const meeting = await api<{ id: number; MeetingTemplateId: number | null }>(admin, "post", "/api/meetings", {
      startsAt: tomorrow,
      topic: "Harbour at dawn\nBring long lenses",
      frequency: 7,
    });
    ids.meeting = meeting.id;
    ids.template = meeting.MeetingTemplateId ?? 0;
    expect(ids.template).toBeGreaterThan(0);
    const invite = await api<{ id: number }>(admin, "post", "/api/invites", {
      firstName: "Garry",
      lastName: "Winogrand",
      email: "garry.winogrand.street@example.test",
    });
    ids.invite = invite.id;

    const submitted = (await submitToMeeting(member, ids.meeting, "orientation-portrait_6.jpg")) as {
      Photo: { id: number };
    };
    ids.photo = submitted.Photo.id;
    await api(member, "post", `/api/photos/${ids.photo}/feature`, { year: thisYear, position: 1 });
    await api(member, "post", "/api/comments", { PhotoId: ids.photo, body: "The light on the water!" });
    states.admin = await admin.storageState();
    states.member = await member.storageState();
  } finally {
    await admin.close();
    await member.close();
  }
});

/** Every screen, by who looks at it. */
function screens() {
  const photo = ids.photo;
  return {
    visitor: [
      "/",
      "/login",
      "/passwords/forgot",
      "/passwords/reset/not-a-token",
      `/invites/${ids.invite}`,
      "/members",
      `/members/${milo.username}/${thisYear - 1}`,
      "/no-such-page",
    ],
    member: [
      "/",
      "/members",
      `/members/${milo.username}/all`,
      `/members/${milo.username}/${thisYear}`,
      `/members/${milo.username}/${thisYear}/${photo}`,
      `/members/${milo.username}/edit`,
      "/browse",
      `/browse/${photo}`,
      "/comments",
      `/comments/${photo}`,
      "/meetings",
      `/meetings/${ids.meeting}`,
      `/meetings/${ids.meeting}/${photo}`,
      `/meetings/${ids.meeting}/upload`,
      "/upload",
      "/account",
    ],
    admin: [
      "/members",
      "/admin/members",
      "/admin/members/invite",
      `/admin/members/${ids.vivian}`,
      "/meetings/new",
      `/meetings/${ids.meeting}/edit`,
      `/meetings/templates/${ids.template}/edit`,
    ],
  };
}

/** Pairs of buttons side by side (on one line) that touch or overlap: buttons in a row need space between them. */
function crowdedButtons(page: Page) {
  return page.evaluate(() => {
    const visible = [...document.querySelectorAll<HTMLElement>("button, .button, summary.button")].filter((element) => {
      // A star rating is one control drawn as five stars; a segmented choice (Random | Alphabetical) one drawn as joined segments.
      if (element.closest(".rating-stars, .segmented")) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    });
    const crowded: string[] = [];
    visible.forEach((a, i) => {
      visible.slice(i + 1).forEach((b) => {
        if (a.contains(b) || b.contains(a)) return;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const sameLine = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > Math.min(ra.height, rb.height) / 2;
        const space = Math.max(rb.left - ra.right, ra.left - rb.right);
        if (sameLine && space < 4) crowded.push(`${a.textContent?.trim()} | ${b.textContent?.trim()} (${space}px)`);
      });
    });
    return crowded;
  });
}

async function screenshot(page: Page, name: string) {
  // For a person to look at (PHONE_SCREENSHOTS=folder); the assertions are the test.
  const folder = process.env.PHONE_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

for (const role of ["visitor", "member", "admin"] as const) {
  test(`every screen fits a 390 px phone, as ${role === "admin" ? "an" : "a"} ${role}`, async ({ openContext }) => {
    test.setTimeout(180_000);
    const context = await openContext({ viewport: PHONE, storageState: role === "visitor" ? undefined : states[role] });
    const page = await context.newPage();
    for (const url of screens()[role]) {
      await page.setViewportSize(PHONE);
      await page.goto(`${server.baseURL}${url}`);
      await expect(page.getByRole("contentinfo")).toBeVisible();
      // Nothing moves as the page starts running (CLS 0): what appears with the script has its place kept.
      await untilHydrated(page);
      expect.soft(await layoutShift(page), `${url} moves as it starts`).toBe(0);
      const name = `${role}${url.replaceAll("/", "_")}`;
      await screenshot(page, `${name}-390`);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
      }));
      // Soft: every screen is checked (and photographed) even when one fails.
      expect.soft(widths.page, `${url} scrolls sideways`).toBeLessThanOrEqual(widths.window);
      expect.soft(await crowdedButtons(page), `${url}: buttons touching`).toEqual([]);

      // The site title wraps whole words onto two lines at most, beside the Menu button, never cut off.
      const title = page.locator(".navbar-title");
      const fits = await title.evaluate((element) => ({
        overflow: element.scrollWidth - element.clientWidth,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
      }));
      expect.soft(fits.overflow, "the title is cut off").toBeLessThanOrEqual(0);
      expect.soft(fits.lines).toBeLessThanOrEqual(2);
      if (process.env.PHONE_SCREENSHOTS) {
        await page.setViewportSize(DESKTOP);
        await screenshot(page, `${name}-1280`);
      }
    }
  });
}

test("the admin manages members from a phone: every row's buttons in view and answering", async ({ openContext }) => {
  const context = await openContext({ viewport: PHONE, storageState: states.admin });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/admin/members`);
  const table = page.getByRole("table", { name: "Members" });
  await expect(table.getByRole("link", { name: /^Edit / })).toHaveCount(3);
  // Ines may not deactivate herself: two members with the button.
  await expect(table.getByRole("button", { name: "Deactivate" })).toHaveCount(2);
  const invites = page.getByRole("table", { name: "Pending invites" });
  for (const action of [
    ...(await table.getByRole("link", { name: /^Edit / }).all()),
    ...(await table.getByRole("button", { name: "Deactivate" }).all()),
    ...(await invites.getByRole("button").all()),
  ]) {
    await action.scrollIntoViewIfNeeded();
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // A tap on Deactivate asks first in the site's dialog, which fits the phone (the contract's question with
  // name and email); declining does nothing.
  const vivianRow = table.getByRole("row").filter({ hasText: vivian.email });
  await vivianRow.getByRole("button", { name: "Deactivate" }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(`Vivian Maier-Longfellow (${vivian.email})`);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath("deactivate-question-390.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(vivianRow).not.toContainText("(deactivated)");
  await vivianRow.getByRole("link", { name: "Edit Vivian Maier-Longfellow" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/admin/members/${ids.vivian}`);
});

test("the phone menu opens without JavaScript", async ({ openContext }) => {
  const context = await openContext({ viewport: PHONE, javaScriptEnabled: false, storageState: states.member });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/browse`);
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu).toBeHidden();
  // Without script the toggle is a link to the menu.
  await page.getByRole("link", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Hi, Milo" })).toBeVisible();
  await menu.getByRole("link", { name: "Meetings" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/meetings`);
  // A new page starts with the menu folded again.
  await expect(menu).toBeHidden();
});
