// A new club has no members: the server prints a one-time setup link whose page
// creates the first admin (design notes, first-admin set-up). This needs a server
// on an empty database, so the spec starts its own next to the shared one.
import { expect, test } from "./support/fixtures";
import { expectMemberNavbar, expectNotFoundPage, expectVisitorNavbar, pageTitle, submitLogin } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const club = useClubServer({ name: "empty-club" });

test("the printed setup link creates the first admin once, then stops working", async ({ page }) => {
  const [, setupUrl] = await club.waitForOutput(/(https?:\/\/\S+\/setup\/[A-Za-z0-9_-]+)/);
  expect(setupUrl!.startsWith(`${club.baseURL}/setup/`)).toBe(true);
  const admin = {
    firstName: "Grace",
    lastName: "Grain",
    username: "grace_first",
    email: "grace@example.test",
    password: "First-admin-42",
  };

  // A guessed token is not the setup page.
  const guessed = await page.goto(`${club.baseURL}/setup/not-the-token`);
  expect(guessed?.status()).toBe(404);
  await expectNotFoundPage(page, "This setup link is not valid.");
  await expectVisitorNavbar(page);

  const opened = await page.goto(setupUrl!);
  expect(opened?.status()).toBe(200);
  await expect(page).toHaveTitle(pageTitle("Set Up the Club"));
  await expectVisitorNavbar(page);

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

  // The flash is shown once: dismissed, it stays gone, and a reload does not bring it back.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);

  // They are an admin.
  await page.goto(`${club.baseURL}/admin`);
  await expect(page).toHaveURL(`${club.baseURL}/admin/members`);
  await expect(page).toHaveTitle(pageTitle("Manage Members"));

  // The link worked once; now it is gone.
  const reused = await page.goto(setupUrl!);
  expect(reused?.status()).toBe(404);
  await expectNotFoundPage(page, "This setup link is not valid.");
  await expectMemberNavbar(page, admin);

  // And the password chosen on the setup page is the one that logs in.
  const me = await page.request.get(`${club.baseURL}/api/users/me`);
  expect(await me.json()).toMatchObject({ username: admin.username, isAdmin: true });
  await page.context().clearCookies();
  await page.goto(`${club.baseURL}/login`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expectMemberNavbar(page, admin);
});
