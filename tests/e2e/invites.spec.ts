// Invitations in the browser: an admin invites a person; the person
// opens the link from the e-mail they received (on a real SMTP server on
// loopback, which this spec's own club server sends to), signs up, and lands on
// /account. The admin resends and revokes, confirming each with name and email.
import { expect, test, type Page } from "./support/fixtures";
import { linksIn, startMailCatcher, type MailCatcher } from "../support/mail";
import { MAIL_TIMEOUT } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clickAndCancel, clickAndConfirm, expectMemberNavbar, navbar, pageTitle, submitLogin } from "./support/ui";

const admin = memberDetails("olga_admin", "Olga", "Orchard", true);

let mail: MailCatcher;
const club = useClubServer({
  name: "invites",
  members: [admin],
  env: async () => {
    mail = await startMailCatcher();
    return { SMTP_URL: mail.url, MAIL_FROM: '"Test Street Club" <club@example.test>' };
  },
});

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await mail?.close();
});

async function logInAsAdmin(page: Page) {
  await page.goto(`${club.baseURL}/login`);
  await submitLogin(page, admin.username, admin.password);
  await expect(page).toHaveURL(`${club.baseURL}/`);
}

async function invite(page: Page, person: { firstName: string; lastName: string; email: string }, message = "") {
  await page.goto(`${club.baseURL}/admin/members`);
  await page.getByRole("link", { name: "Invite Member" }).click();
  await expect(page).toHaveTitle(pageTitle("Invite Member"));
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  if (message) await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send Invite" }).click();
  await expect(page).toHaveURL(`${club.baseURL}/admin/members`);
  await expect(page.getByRole("status")).toContainText("Invite sent!");
}

const invitesTable = (page: Page) => page.getByRole("table", { name: "Pending invites" });

test("an admin invites a person, who signs up from the e-mailed link and lands on /account", async ({
  page,
  openContext,
}) => {
  const helen = { firstName: "Helen", lastName: "Levitt", email: "helen@example.test" };
  await logInAsAdmin(page);

  // A refused form shows the banner and the field's message.
  await page.goto(`${club.baseURL}/admin/members/invite`);
  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Send Invite" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please review the errors below.");
  await expect(page.getByText("First name is required.")).toBeVisible();

  const since = mail.messages.length;
  await invite(page, helen, "We meet on Thursdays.");
  await expect(invitesTable(page).getByRole("row", { name: /Helen Levitt/ })).toContainText(helen.email);

  const received = await mail.waitForMail(helen.email, { since, timeoutMs: MAIL_TIMEOUT });
  expect(received.subject).toBe("You're invited to join Test Street Club");
  expect(received.text).toContain("We meet on Thursdays.");
  const link = linksIn(received).find((l) => l.includes("/invites/"))!;
  expect(link.startsWith(`${club.baseURL}/invites/`)).toBe(true);

  // The pending invite offers the same link, for an admin to hand over without a mail server: shown
  // (selectable), and copied by 'Copy link', which says so.
  const helenRow = invitesTable(page).getByRole("row", { name: /Helen Levitt/ });
  await expect(helenRow.getByRole("textbox", { name: "Invite link for Helen Levitt" })).toHaveValue(link);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const copy = helenRow.getByRole("button", { name: "Copy link" });
    await copy.scrollIntoViewIfNeeded();
    const box = (await copy.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await copy.click();
    await expect(helenRow.getByRole("status")).toHaveText("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.screenshot({ path: test.info().outputPath(`invite-link-${width}.png`), fullPage: true });
    await page.reload();
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Helen, in her own browser.
  const helensContext = await openContext();
  const helensPage = await helensContext.newPage();
  await helensPage.goto(link);
  await expect(helensPage).toHaveTitle(pageTitle("You're Invited"));
  await expect(helensPage.getByRole("heading", { name: "You're Invited" })).toBeVisible();
  await expect(helensPage.getByLabel("First name")).toHaveValue("Helen");
  await expect(helensPage.getByLabel("Last name")).toHaveValue("Levitt");
  await expect(helensPage.getByLabel("Email")).toHaveValue(helen.email);

  await helensPage.getByLabel("Username").fill("helen_l");
  await helensPage.getByLabel("Password", { exact: true }).fill("stoop-ball-7");
  await helensPage.getByLabel("Confirm password").fill("stoop-ball-8");
  await helensPage.getByRole("button", { name: "Create Account" }).click();
  await expect(helensPage.getByText("Passwords do not match.")).toBeVisible();

  await helensPage.getByLabel("Password", { exact: true }).fill("stoop-ball-7");
  await helensPage.getByLabel("Confirm password").fill("stoop-ball-7");
  await helensPage.getByRole("button", { name: "Create Account" }).click();

  await expect(helensPage).toHaveURL(`${club.baseURL}/account`);
  await expect(helensPage.getByRole("status")).toContainText("Your account has been created!");
  await expectMemberNavbar(helensPage, { firstName: "Helen", username: "helen_l" });
  await expect(helensPage.getByRole("heading", { name: "Your Account" })).toBeVisible();
  await expect(helensPage.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/members/helen_l/edit");
  await expect(helensPage.getByRole("link", { name: "Upload Photos" })).toHaveAttribute("href", "/upload");
  await expect(helensPage.getByText("No meeting is scheduled yet.")).toBeVisible();

  // The link has done its job.
  await helensPage.goto(link);
  await expect(helensPage.getByText("This invite has already been accepted.")).toBeVisible();
  await expect(helensPage.getByLabel("Username")).toHaveCount(0);

  // The admin sees Helen as a member, not as a pending invite.
  await page.goto(`${club.baseURL}/admin/members`);
  await expect(invitesTable(page)).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row", { name: /Helen Levitt/ })).toContainText(
    "helen_l",
  );
});

test("an admin resends and revokes an invite, confirming with the person's name and email", async ({ page }) => {
  const joel = { firstName: "Joel", lastName: "Meyerowitz", email: "joel@example.test" };
  await logInAsAdmin(page);
  const since = mail.messages.length;
  await invite(page, joel);
  const first = await mail.waitForMail(joel.email, { since, timeoutMs: MAIL_TIMEOUT });
  const link = linksIn(first).find((l) => l.includes("/invites/"))!;
  const row = invitesTable(page).getByRole("row", { name: /Joel Meyerowitz/ });

  // Saying no to the question (the site's dialog, never the browser's) does nothing.
  expect(await clickAndCancel(page, row.getByRole("button", { name: "Resend" }))).toBe(
    `Are you sure you wish to resend the invite to Joel Meyerowitz (${joel.email})?`,
  );
  await expect(row).toBeVisible();
  expect(mail.messages.slice(since).filter((m) => m.recipients.includes(joel.email))).toHaveLength(1);

  let question = await clickAndConfirm(page, row.getByRole("button", { name: "Resend" }));
  await expect(page.getByRole("status")).toContainText("Invite resent!");
  expect(question).toBe(`Are you sure you wish to resend the invite to Joel Meyerowitz (${joel.email})?`);
  await expect(row).toContainText("Resent");
  const second = await mail.waitForMail(joel.email, {
    since: mail.messages.indexOf(first) + 1,
    timeoutMs: MAIL_TIMEOUT,
  });
  expect(linksIn(second)).toContain(link);

  question = await clickAndConfirm(page, row.getByRole("button", { name: "Revoke" }));
  await expect(page.getByRole("status")).toContainText("The invite to Joel Meyerowitz was revoked.");
  expect(question).toContain(`revoke the invite to Joel Meyerowitz (${joel.email})`);
  await expect(page.getByText("No pending invites.")).toBeVisible();

  await navbar(page).getByRole("button", { name: "Log out" }).click();
  await page.goto(link);
  await expect(page.getByText("This invite is no longer available.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toHaveCount(0);

  // A made-up invite id is not a page.
  const guessed = await page.goto(`${club.baseURL}/invites/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(guessed?.status()).toBe(404);
});
