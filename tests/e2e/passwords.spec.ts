// Forgot and reset password in the browser: the reset e-mail arrives
// on a real SMTP server on loopback (this spec's own club server sends there);
// its link sets a new password once; an expired link says so.
import { expect, test, type Page } from "./support/fixtures";
import postgres from "postgres";
import { linksIn, startMailCatcher, type MailCatcher } from "../support/mail";
import { MAIL_TIMEOUT } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { expectMemberNavbar, expectVisitorNavbar, navbar, pageTitle, submitLogin } from "./support/ui";

const RULE = "Minimum eight characters, at least one letter and one number.";
const garry = memberDetails("garry_w", "Garry", "Winogrand");
const diane = memberDetails("diane_a", "Diane", "Arbus");

let mail: MailCatcher;
const club = useClubServer({
  name: "passwords",
  members: [garry, diane],
  env: async () => {
    mail = await startMailCatcher();
    return { SMTP_URL: mail.url };
  },
});

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await mail?.close();
});

/** Asks for a reset link on the forgot page and returns the link from the e-mail. */
async function requestLink(page: Page, email: string): Promise<string> {
  const since = mail.messages.length;
  await page.goto(`${club.baseURL}/passwords`);
  await expect(page).toHaveURL(`${club.baseURL}/passwords/forgot`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/login`);
  await expect(page.getByRole("status")).toContainText(
    "Please check your email in a few minutes for a reset password link.",
  );
  const received = await mail.waitForMail(email, { since, timeoutMs: MAIL_TIMEOUT });
  expect(received.subject).toBe("Reset your Test Street Club password");
  return linksIn(received).find((l) => l.includes("/passwords/reset/"))!;
}

test("a member who forgot their password resets it from the e-mail and is logged in", async ({ page }) => {
  await page.goto(`${club.baseURL}/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveTitle(pageTitle("Forgot Password"));
  await expect(page.getByRole("link", { name: "Back to login..." })).toHaveAttribute("href", "/login");

  await page.getByLabel("Email").fill("nobody@example.test");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email not found.");

  const link = await requestLink(page, garry.email.toUpperCase().replace("EXAMPLE.TEST", "example.test"));
  expect(link).toMatch(new RegExp(`^${club.baseURL}/passwords/reset/[A-Za-z0-9_-]{43}$`));

  await page.goto(link);
  await expect(page).toHaveTitle(pageTitle("Reset Password"));
  await page.getByLabel("New password").fill("shortpw");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(RULE).first()).toBeVisible();

  await page.getByLabel("New password").fill("new-street-9");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expect(page.getByRole("status")).toContainText("Your new password has been saved.");
  await expectMemberNavbar(page, garry);

  // The new password is the one that works now.
  await navbar(page).getByRole("button", { name: "Log out" }).click();
  await expectVisitorNavbar(page);
  await page.goto(`${club.baseURL}/login`);
  await submitLogin(page, garry.username, garry.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid email and/or password.");
  await submitLogin(page, garry.username, "new-street-9");
  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expectMemberNavbar(page, garry);

  // The link worked once.
  const reused = await page.goto(link);
  expect(reused?.status()).toBe(404);
  await expect(page.getByText("Sorry, this password reset link is invalid.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request another?" })).toHaveAttribute("href", "/passwords/forgot");
});

test("an expired link says so and offers another", async ({ page }) => {
  const link = await requestLink(page, diane.email);
  const sql = postgres(club.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`;
  } finally {
    await sql.end();
  }
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(410);
  await expect(page.getByText("Sorry, this password reset link has expired.")).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await page.getByRole("link", { name: "Request another?" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/passwords/forgot`);

  // Her password is unchanged.
  await page.goto(`${club.baseURL}/login`);
  await submitLogin(page, diane.username, diane.password);
  await expect(page).toHaveURL(`${club.baseURL}/`);
  await expectMemberNavbar(page, diane);
});
