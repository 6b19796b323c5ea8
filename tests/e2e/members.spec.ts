// The members directory: visitors see the public members; an admin
// also gets 'Manage Members'. Each name leads to the member's page, which says
// whose portfolio and which year it shows, and leads from an empty year to the
// years that have photos.
import { expect, test } from "./support/fixtures";
import { api, logInContext, uploadPhoto } from "./support/club-api";
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
  // Visitors start at last year's portfolio.
  await expect(page).toHaveURL(`${baseURL}/members/carmen-bokeh/${new Date().getFullYear() - 1}`);
});

test("an admin sees 'Manage Members' in the directory", async ({ page, baseURL }) => {
  await page.goto("/login");
  await submitLogin(page, members.diego.username, members.diego.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/members");
  await expect(page.getByRole("link", { name: "Alice Aperture" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Manage Members" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/members`);
});

test("a visitor sent to last year's empty portfolio is told whose and which year it is, and led to the years with photos", async ({
  page,
  baseURL,
  openContext,
}) => {
  const { yuki } = members;
  const thisYear = new Date().getFullYear();
  // Yuki joined this year and features a photo in it.
  const owner = await openContext();
  await logInContext(owner, yuki);
  const photo = await uploadPhoto(owner);
  await api(owner, "post", `/api/photos/${photo.id}/feature`, { year: thisYear, position: 1 });

  const elsewhere = page.getByRole("navigation", { name: "Years with photos" });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/members/${yuki.username}`);
    // The contract's rule holds: a visitor starts at last year.
    await expect(page).toHaveURL(`${baseURL}/members/${yuki.username}/${thisYear - 1}`);
    await expect(page.getByRole("heading", { name: `Yuki Newcomer's portfolio, ${thisYear - 1}` })).toBeVisible();
    await expect(page.getByText("No photos yet.")).toBeVisible();
    await expect(elsewhere).toContainText("Yuki Newcomer has featured photos in");
    await expect(elsewhere.getByRole("link")).toHaveText([String(thisYear)]);
    await page.screenshot({ path: test.info().outputPath(`empty-year-${width}.png`), fullPage: true });
  }
  await elsewhere.getByRole("link", { name: String(thisYear) }).click();
  await expect(page).toHaveURL(`${baseURL}/members/${yuki.username}/${thisYear}`);
  await expect(page.getByRole("heading", { name: `Yuki Newcomer's portfolio, ${thisYear}` })).toBeVisible();
  await expect(page.getByRole("list", { name: `Featured photos of ${thisYear}` }).getByRole("link")).toHaveCount(1);
  await expect(elsewhere).toHaveCount(0);
});
