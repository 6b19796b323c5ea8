// Error pages keep the site around them, in the browser: an
// unknown address, an id that can name nothing and a refusal each show their
// page inside the site's shell (the navbar in the visitor's or the member's
// state, the site title in the document title and the footer), with a way home.
import { expect, test } from "./support/fixtures";
import { logInContext } from "./support/club-api";
import { members } from "./support/members";
import { expectMemberNavbar, expectNotFoundPage, expectVisitorNavbar, pageTitle, SITE_TITLE } from "./support/ui";

const vera = members.vera;

test("an unknown address is 'Not found' in the visitor's shell, with a way home", async ({ page, baseURL }) => {
  const response = await page.goto("/no/such/place");
  expect(response?.status()).toBe(404);
  await expectNotFoundPage(page);
  await expectVisitorNavbar(page);
  await expect(page.getByRole("link", { name: SITE_TITLE })).toHaveAttribute("href", "/");

  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page).toHaveTitle(pageTitle("Home"));
});

test("a logged-in member keeps their navbar on a 404, also when moving there inside the site", async ({ page }) => {
  await logInContext(page.context(), vera);
  const response = await page.goto("/nothing/here");
  expect(response?.status()).toBe(404);
  await expectNotFoundPage(page);
  await expectMemberNavbar(page, vera);

  // The site's own navigation (the router asks for the page's data, no new document).
  await page.goto("/members");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    void router.navigate("/still/nothing");
  });
  await expect(page).toHaveURL(/\/still\/nothing$/);
  await expectNotFoundPage(page);
  await expectMemberNavbar(page, vera);
});

test("an id too large for the database, or no number at all, is 'Not found', never an error", async ({ page }) => {
  await logInContext(page.context(), vera);
  for (const path of ["/browse/99999999999", "/browse/abc", "/meetings/-1", `/members/${vera.username}/0000`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle(pageTitle("Not found"));
    await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
    await expect(page.getByText("404 Not Found")).toBeVisible();
    await expectMemberNavbar(page, vera);
  }
});

test("a refusal says the member is not allowed, in the shell", async ({ page }) => {
  await logInContext(page.context(), vera);
  const response = await page.goto(`/members/${members.walt.username}/edit`);
  expect(response?.status()).toBe(403);
  await expect(page).toHaveTitle(pageTitle("Not allowed"));
  await expect(page.getByRole("alert")).toContainText("Not allowed");
  await expect(page.getByRole("alert")).toContainText("You may only edit your own profile.");
  await expect(page.getByRole("alert")).toContainText("403 Forbidden");
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  await expectMemberNavbar(page, vera);
  await expect(page.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} ${SITE_TITLE}`);
});
