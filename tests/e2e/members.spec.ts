// The members directory (issue 3): visitors see the public members; an admin
// also gets 'Manage Members'. Each name leads to the member's page.
import { expect, test } from "./support/fixtures";
import { members } from "./support/members";
import { pageTitle, submitLogin } from "./support/ui";

test("a visitor sees the directory and opens a member's page", async ({ page, baseURL }) => {
  await page.goto("/members");
  await expect(page).toHaveTitle(pageTitle("Members"));
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Members" })).toHaveCount(0);

  const carmen = page.getByRole("link", { name: "Carmen Bokeh" });
  await expect(carmen).toHaveAttribute("href", "/members/carmen-bokeh");
  await carmen.click();
  // Visitors start at last year's portfolio (spec section 2).
  await expect(page).toHaveURL(`${baseURL}/members/carmen-bokeh/${new Date().getFullYear() - 1}`);
});

test("an admin sees 'Manage Members' in the directory", async ({ page, baseURL }) => {
  await page.goto("/login");
  await submitLogin(page, members.diego.username, members.diego.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/members");
  await expect(page.getByRole("link", { name: "Alice Aperture" })).toBeVisible();
  await page.getByRole("link", { name: "Manage Members" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/members`);
});
