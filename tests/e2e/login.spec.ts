// Logging in and out through the navbar and the log-in form.
import { expect, test } from "./support/fixtures";
import { members } from "./support/members";
import {
  expectMemberNavbar,
  expectNotFoundPage,
  expectVisitorNavbar,
  navbar,
  pageTitle,
  SITE_TITLE,
  submitLogin,
} from "./support/ui";

test("a member logs in by username in another letter case, is greeted, and logs out again", async ({
  page,
  baseURL,
}) => {
  const alice = members.alice;

  await page.goto("/");
  await expect(page).toHaveTitle(pageTitle("Home"));
  await expectVisitorNavbar(page);
  await expect(page.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} ${SITE_TITLE}`);

  await navbar(page).getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/passwords/forgot");
  // Registration is off (FEATURE_REGISTRATION is not 'true'), so no sign-up link.
  await expect(page.getByRole("link", { name: "Need an account?" })).toHaveCount(0);

  await submitLogin(page, alice.username.toUpperCase(), alice.password);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page).toHaveTitle(pageTitle("Home"));
  await expectMemberNavbar(page, alice);
  await expect(page.getByRole("contentinfo")).toHaveText(`© ${new Date().getFullYear()} ${SITE_TITLE}`);

  // The session is real on the server too: the API knows who this is.
  const me = await page.request.get("/api/users/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username: alice.username, firstName: alice.firstName, isAdmin: false });

  // A logged-in member who opens the log-in page is sent on at once.
  await page.goto("/login");
  await expect(page).toHaveURL(`${baseURL}/`);

  await navbar(page).getByRole("button", { name: "Log out", exact: true }).click();

  await expect(page).toHaveURL(`${baseURL}/`);
  await expectVisitorNavbar(page);
  const afterLogout = await page.request.get("/api/users/me");
  expect(afterLogout.status()).toBe(204);
  expect(await afterLogout.text()).toBe("");

  // Logged out for real: a members-only page sends us back to log in.
  await page.goto("/browse");
  await expect(page).toHaveURL(`${baseURL}/login?from=%2Fbrowse`);
});

test("a member logs in by email in another letter case", async ({ page, baseURL }) => {
  const farah = members.farah;

  await page.goto("/login");
  await submitLogin(page, farah.email.replace("farah", "FaRaH"), farah.password);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expectMemberNavbar(page, farah);
});

test("a wrong password shows 'Invalid email and/or password.' and stays on the log-in page", async ({
  page,
  baseURL,
}) => {
  const emil = members.emil;

  await page.goto("/login");
  await submitLogin(page, emil.username, `${emil.password}-typo`);

  await expect(page.getByRole("alert")).toHaveText("Invalid email and/or password.");
  await expect(page).toHaveURL(`${baseURL}/login`);
  await expect(page).toHaveTitle(pageTitle("Log in"));
  await expectVisitorNavbar(page);
  expect((await page.request.get("/api/users/me")).status()).toBe(204);
  // The identifier is kept for the next try; the wrong password is not.
  await expect(page.getByLabel("Email or Username")).toHaveValue(emil.username);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  // One mistake does not lock the member out: the right password still works.
  await submitLogin(page, emil.username, emil.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expectMemberNavbar(page, emil);
});

test("an unknown member gets the same message as a wrong password", async ({ page, baseURL }) => {
  await page.goto("/login");
  await submitLogin(page, "nobody_here", "Whatever-123");

  await expect(page.getByRole("alert")).toHaveText("Invalid email and/or password.");
  await expect(page).toHaveURL(`${baseURL}/login`);
  await expectVisitorNavbar(page);
});

test("registration is closed when the feature flag is not 'true'", async ({ page }) => {
  const response = await page.goto("/register");
  expect(response?.status()).toBe(404);
  await expectNotFoundPage(page);
  await expectVisitorNavbar(page);
});

test("on a phone the navbar folds into a menu, and logging out closes it", async ({ openContext, baseURL }) => {
  const farah = members.farah;
  const context = await openContext({ viewport: { width: 390, height: 740 } });
  const page = await context.newPage();
  await page.goto("/login");
  await submitLogin(page, farah.username, farah.password);
  await expect(page).toHaveURL(`${baseURL}/`);

  const toggle = page.getByRole("button", { name: "Menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(navbar(page)).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(navbar(page).getByRole("link", { name: `Hi, ${farah.firstName}` })).toBeVisible();

  await navbar(page).getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(navbar(page)).toBeHidden();
  expect((await page.request.get("/api/users/me")).status()).toBe(204);
});
