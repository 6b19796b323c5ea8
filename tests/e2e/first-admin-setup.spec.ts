// A new club has no members: the server prints a one-time setup link whose page
// creates the first admin (design notes, first-admin set-up) and names the club
// (SITE_TITLE is only the name it starts with). Then the admin's first steps:
// the empty home page points to inviting members and the first meeting, Manage
// Members is in the menu, and the club's name can be changed later. This needs
// a server on an empty database, so the spec starts its own next to the shared one.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext } from "./support/club-api";
import { SITE_TITLE } from "./support/club-server";
import { expectMemberNavbar, expectNotFoundPage, expectVisitorNavbar, navbar } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const club = useClubServer({ name: "empty-club" });

test.describe.configure({ mode: "serial" });

const admin = {
  firstName: "Grace",
  lastName: "Grain",
  username: "grace_first",
  email: "grace@example.test",
  password: "First-admin-42",
  admin: true,
};
const CLUB_NAME = "Mission Street Collective";
const WIDTHS = [
  [1280, 800],
  [390, 844],
] as const;

/** A picture of the screen for people to look at (test-results/playwright/...). */
const snapshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function adminContext(openContext: (options?: object) => Promise<BrowserContext>) {
  const context = await openContext({ baseURL: club.baseURL });
  await logInContext(context, admin);
  return context;
}

test("the printed setup link names the club and creates the first admin once, then stops working", async ({ page }) => {
  const [, setupUrl] = await club.waitForOutput(/(https?:\/\/\S+\/setup\/[A-Za-z0-9_-]+)/);
  expect(setupUrl!.startsWith(`${club.baseURL}/setup/`)).toBe(true);

  // A guessed token is not the setup page.
  const guessed = await page.goto(`${club.baseURL}/setup/not-the-token`);
  expect(guessed?.status()).toBe(404);
  await expectNotFoundPage(page, "This setup link is not valid.");
  await expectVisitorNavbar(page);

  const opened = await page.goto(setupUrl!);
  expect(opened?.status()).toBe(200);
  await expect(page).toHaveTitle(`Set Up the Club - ${SITE_TITLE}`);
  await expectVisitorNavbar(page);

  // The page says what the club will be called, where that name shows, and how to change it.
  const name = page.getByLabel("Club name");
  await expect(name).toHaveValue(SITE_TITLE);
  await expect(page.getByRole("main")).toContainText(
    `The club will be called ${SITE_TITLE}: the name on every page and in the invitation e-mails.`,
  );
  await expect(page.getByRole("main")).toContainText("change it later under Manage Members, Club Settings");
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snapshot(page, `setup-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await name.fill(CLUB_NAME);
  await page.getByLabel("First name").fill(admin.firstName);
  await page.getByLabel("Last name").fill(admin.lastName);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Confirm password").fill(admin.password);
  await page.getByRole("button", { name: "Create admin account" }).click();

  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expect(page.getByRole("status")).toContainText("Your account has been created!");
  await expectMemberNavbar(page, admin);
  // The club's own name from the first minute: navbar, document title, footer.
  await expect(page.getByRole("banner").getByRole("link", { name: CLUB_NAME, exact: true })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(page).toHaveTitle(`Home - ${CLUB_NAME}`);
  await expect(page.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} ${CLUB_NAME}`);

  // The flash is shown once: dismissed, it stays gone, and a reload does not bring it back.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);

  // They are an admin.
  await page.goto(`${club.baseURL}/admin`);
  await expect(page).toHaveURL(`${club.baseURL}/admin/members`);
  await expect(page).toHaveTitle(`Manage Members - ${CLUB_NAME}`);

  // The link worked once; now it is gone.
  const reused = await page.goto(setupUrl!);
  expect(reused?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText("This setup link is not valid.")).toBeVisible();
  await expectMemberNavbar(page, admin);

  // And the password chosen on the setup page is the one that logs in.
  const me = await page.request.get(`${club.baseURL}/api/users/me`);
  expect(await me.json()).toMatchObject({ username: admin.username, isAdmin: true });
  await page.context().clearCookies();
  await page.goto(`${club.baseURL}/login`);
  await expect(page).toHaveTitle(`Log in - ${CLUB_NAME}`);
  await page.getByLabel("Email or Username").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expectMemberNavbar(page, admin);
});

test("the admin's empty home page points to inviting members and the first meeting; Manage Members is in the menu", async ({
  openContext,
}) => {
  const context = await adminContext(openContext);
  const page = await context.newPage();
  const steps = page.getByRole("region", { name: "Getting started" });
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    await expect(steps.getByRole("link", { name: "Invite members" })).toHaveAttribute("href", "/admin/members/invite");
    await expect(steps.getByRole("link", { name: "Schedule the first meeting" })).toHaveAttribute(
      "href",
      "/meetings/new",
    );
    await expect(steps.getByRole("link", { name: "Change the club's name" })).toHaveAttribute("href", "/admin/club");
    await snapshot(page, `first-steps-${width}`);
    if (width < 800) await page.getByRole("button", { name: "Menu" }).click();
    await expect(navbar(page).getByRole("link", { name: "Manage Members" })).toBeVisible();
    if (width < 800) await snapshot(page, `menu-${width}`);
  }
  await navbar(page).getByRole("link", { name: "Manage Members" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/admin/members`);

  await page.goto("/");
  await steps.getByRole("link", { name: "Invite members" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/admin/members/invite`);
  await page.goto("/");
  await steps.getByRole("link", { name: "Schedule the first meeting" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/meetings/new`);

  // Once a meeting is scheduled, that step is done; inviting stays while the home page has no photos.
  await api(context, "post", "/api/meetings", {
    startsAt: `${new Date().getFullYear() + 1}-05-05T19:00:00Z`,
    topic: "First walk",
  });
  await page.goto("/");
  await expect(steps.getByRole("link", { name: "Invite members" })).toBeVisible();
  await expect(steps.getByRole("link", { name: "Schedule the first meeting" })).toHaveCount(0);

  // A member is not an admin: no such steps, no Manage Members.
  const invite = await api<{ id: string }>(context, "post", "/api/invites", {
    firstName: "Milo",
    lastName: "Member",
    email: "milo@example.test",
    message: "",
  });
  const members = await openContext({ baseURL: club.baseURL });
  await api(members, "post", `/api/invites/${invite.id}/accept`, {
    firstName: "Milo",
    lastName: "Member",
    username: "milo_member",
    email: "milo@example.test",
    password: "Member-pass-42",
    confirmPassword: "Member-pass-42",
  });
  const membersPage = await members.newPage();
  await membersPage.goto("/");
  await expectMemberNavbar(membersPage, { firstName: "Milo", username: "milo_member" });
  await expect(membersPage.getByRole("region", { name: "Getting started" })).toHaveCount(0);
});

test("the invitation e-mail carries the club's name, and an admin renames the club later", async ({ openContext }) => {
  const context = await adminContext(openContext);
  const page = await context.newPage();

  // No mail server here: the e-mail is saved as a file, from and about the club by its name.
  const mailDir = path.join(club.dataDir, "mail");
  const before = new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);
  await api(context, "post", "/api/invites", {
    firstName: "Nan",
    lastName: "Goldin",
    email: "nan@example.test",
    message: "",
  });
  const saved = fs.readdirSync(mailDir).filter((file) => !before.has(file));
  expect(saved).toHaveLength(1);
  const eml = fs.readFileSync(path.join(mailDir, saved[0]!), "utf8");
  expect(eml).toContain(`Subject: You're invited to join ${CLUB_NAME}`);
  expect(eml).toMatch(new RegExp(`^From: "?${CLUB_NAME}"? <no-reply@localhost>`, "m"));

  await page.goto("/admin/members");
  await page.getByRole("link", { name: "Club Settings" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/admin/club`);
  await expect(page).toHaveTitle(`Club Settings - ${CLUB_NAME}`);
  const name = page.getByLabel("Club name");
  await expect(name).toHaveValue(CLUB_NAME);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snapshot(page, `club-settings-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A name is required, and has a length.
  await name.fill(" ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Club name is required.")).toBeVisible();

  await name.fill("Mission Walkers");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("The club is now called Mission Walkers.");
  await expect(page).toHaveTitle("Club Settings - Mission Walkers");
  await expect(page.getByRole("banner").getByRole("link", { name: "Mission Walkers" })).toBeVisible();

  // Everyone sees it at once, visitors too.
  const visitor = await (await openContext({ baseURL: club.baseURL })).newPage();
  await visitor.goto("/members");
  await expect(visitor).toHaveTitle("Members - Mission Walkers");
  await expect(visitor.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} Mission Walkers`);

  // A member may not rename the club.
  const milo = await openContext({ baseURL: club.baseURL });
  await logInContext(milo, { username: "milo_member", password: "Member-pass-42" });
  const refused = await milo.request.get("/admin/club", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
});
