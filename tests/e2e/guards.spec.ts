// Route guards (docs/product.md, Who may open what): log-in-required and admin-only pages.
import { expect, test, type Page } from "./support/fixtures";
import type { MemberDetails } from "./support/club-server";
import { members } from "./support/members";
import { expectMemberNavbar, expectVisitorNavbar, navbar, pageTitle, submitLogin } from "./support/ui";

/** Logs in from the log-in page and checks the member lands on the home page, greeted in the navbar. */
async function logInAtHome(page: Page, baseURL: string, member: MemberDetails) {
  await page.goto("/login");
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expectMemberNavbar(page, member);
}

test("a visitor sent from /meetings to log in lands on /meetings afterwards", async ({ page, baseURL }) => {
  const bruno = members.bruno;

  await page.goto("/meetings");
  await expect(page).toHaveURL(`${baseURL}/login?from=%2Fmeetings`);
  await expect(page).toHaveTitle(pageTitle("Log in"));
  await expectVisitorNavbar(page);

  await submitLogin(page, bruno.email, bruno.password);

  await expect(page).toHaveURL(`${baseURL}/meetings`);
  await expect(page).toHaveTitle(pageTitle("Meetings"));
  await expect(page.getByRole("heading", { name: "Meetings", level: 1 })).toBeVisible();
  await expectMemberNavbar(page, bruno);
  await expect(navbar(page).getByRole("link", { name: "Meetings" })).toHaveAttribute("aria-current", "page");
});

test("a visitor opening an admin page is sent to log in, remembering the page", async ({ page, baseURL }) => {
  await page.goto("/admin/members");
  await expect(page).toHaveURL(`${baseURL}/login?from=%2Fadmin%2Fmembers`);
  await expectVisitorNavbar(page);
});

test("a member who is not an admin is sent from /admin/members to the home page", async ({ page, baseURL }) => {
  const carmen = members.carmen;
  await logInAtHome(page, baseURL!, carmen);

  await page.goto("/admin/members");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page).toHaveTitle(pageTitle("Home"));
  await expect(page.getByRole("heading", { name: "Manage Members" })).toHaveCount(0);

  // Also when logging in straight towards it.
  await navbar(page).getByRole("button", { name: "Log out", exact: true }).click();
  await expectVisitorNavbar(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(`${baseURL}/login?from=%2Fadmin`);
  await submitLogin(page, carmen.username, carmen.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expectMemberNavbar(page, carmen);
});

test("an admin opening /admin lands on Manage Members", async ({ page, baseURL }) => {
  const diego = members.diego;
  await logInAtHome(page, baseURL!, diego);

  await page.goto("/admin");
  await expect(page).toHaveURL(`${baseURL}/admin/members`);
  await expect(page).toHaveTitle(pageTitle("Manage Members"));
  await expect(page.getByRole("heading", { name: "Manage Members", level: 1 })).toBeVisible();
});
