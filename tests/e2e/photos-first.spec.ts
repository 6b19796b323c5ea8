// Photos, not chrome, on the shared
// site: the home page says what the club is above its photos, a captionless
// photo is not labelled 'Untitled', and each author's name links to their page.
// At 1280 and 390 px.
import path from "node:path";
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext, submitToMeeting, uploadPhoto } from "./support/club-api";
import { repoRoot, SITE_TITLE } from "./support/club-server";
import { members } from "./support/members";
import { untilHydrated } from "./support/ui";

/** Features a captionless photo this year; otherwise only looks. */
const author = members.pavel;
const thisYear = new Date().getFullYear();
/** Screenshots to look at, kept out of Playwright's output folder (wiped by every run). */
const screenshotPath = (name: string) => path.join(repoRoot, "test-results", "photos-first", name);

/** Reloads the home page (12 featured photos drawn at random) until `href` is among them; bounded. */
async function homeShowing(page: Page, href: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return page.getByRole("list", { name: "Featured photos" }).locator(`a[href="${href}"]`).count();
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(1);
}

test("the home page says what the club is above its photos; names, not 'Untitled', under them", async ({
  page,
  context,
}) => {
  await logInContext(context, author);
  const { id } = await uploadPhoto(context, "Nikon_D70.jpg");
  await api(context, "post", `/api/photos/${id}/feature`, { year: thisYear, position: 1 });
  const href = `/members/${author.username}/${thisYear}/${id}`;

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await homeShowing(page, href);
    const heading = page.getByRole("heading", { level: 1, name: SITE_TITLE });
    await expect(heading).toBeVisible();
    await expect(page.getByText(/^A photography club: members share their photographs/)).toBeVisible();
    const grid = page.getByRole("list", { name: "Featured photos" });
    const headingBox = (await heading.boundingBox())!;
    const firstPhoto = (await grid.getByRole("listitem").first().boundingBox())!;
    expect(headingBox.y, "the club's name above the photos").toBeLessThan(firstPhoto.y);
    expect(firstPhoto.y, `the photos start on the first screen at ${width} px`).toBeLessThan(400);

    // Nothing says 'Untitled'; each name under a photo is a link to its author's page.
    await expect(grid.getByText("Untitled")).toHaveCount(0);
    const card = grid.getByRole("listitem").filter({ has: page.locator(`a[href="${href}"]`) });
    await expect(card.getByRole("link", { name: "Pavel Peek", exact: true })).toHaveAttribute(
      "href",
      `/members/${author.username}`,
    );
    await page.screenshot({ path: screenshotPath(`home-${width}.png`) });
  }
  await page
    .getByRole("list", { name: "Featured photos" })
    .getByRole("link", { name: "Pavel Peek", exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/members/${author.username}(/all)?$`));
});

test("a comment's limit is said at the box before it bites, and its refusal is the box's own error, the text kept", async ({
  page,
  context,
}) => {
  await logInContext(context, author);
  const { id } = await uploadPhoto(context, "Nikon_D70.jpg");
  const posts: string[] = [];
  page.on("request", (request) => {
    // The page's own form posts (the live layer's socket polls by POST too).
    if (request.method() === "POST" && !request.url().includes("/socket.io/")) posts.push(request.url());
  });
  await page.goto(`/members/${author.username}/all/${id}`);
  await untilHydrated(page);
  const box = page.getByRole("textbox", { name: "Add a comment" });
  const limit = page.locator(`#comment-new-${id}-limit`);

  // Near the limit a count; past it the box's own words, and Enter sends nothing.
  await box.fill("x".repeat(4_600));
  await expect(limit).toHaveText("4,600 / 5,000");
  const tooLong = "x".repeat(5_001);
  await box.fill(tooLong);
  await expect(limit).toHaveText("A comment can be at most 5,000 characters; this text has 5,001.");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await box.press("Enter");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(box).toHaveValue(tooLong);

  // A refusal of the text by the server (only spaces) is the box's error too, never the modal.
  await box.fill("   ");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(limit).toHaveText("Body must not be empty.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // That was the first post: the over-long text above was never sent.
  expect(posts).toHaveLength(1);
  await expect(box).toHaveValue("   ");

  // Back within the limit it posts.
  await box.fill("x".repeat(5_000));
  await expect(limit).toHaveText("5,000 / 5,000");
  await box.press("Enter");
  await expect(page.getByRole("list", { name: "Comments" }).getByRole("listitem")).toHaveCount(1);
  await expect(box).toHaveValue("");
});

/** The top of the photo's image on the page, in px from the top of the viewport. */
async function photoTop(page: Page) {
  const image = page.locator(".photo-detail-image img");
  await expect(image).toBeVisible();
  return (await image.boundingBox())!.y;
}

test("a meeting's photo page starts with the photo, on a phone too, and a captionless photo is never 'Untitled'", async ({
  page,
  context,
}) => {
  // An admin's page has every button (Edit Meeting, Join Call, Upload Photos, Add to calendar).
  await logInContext(context, members.diego);
  const meeting = await api<{ id: number }>(context, "post", "/api/meetings", {
    startsAt: `${thisYear + 1}-05-05T19:00:00Z`,
    topic: "Street corners at dusk, a longer topic that wraps on a phone",
    callLink: "https://call.example.test/street",
  });
  const first = await submitToMeeting(context, meeting.id);
  await submitToMeeting(context, meeting.id, "Canon_40D.jpg");
  const address = `/meetings/${meeting.id}/${first.Photo.id}`;

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(address);
    await untilHydrated(page);
    const navbar = (await page.locator("header.navbar").boundingBox())!;
    const top = await photoTop(page);
    // Under the navbar come at most a line naming the meeting and the photo's own row (back, previous, next).
    expect(top - (navbar.y + navbar.height), `the photo's top under the navbar at ${width} px`).toBeLessThan(
      width === 390 ? 150 : 250,
    );
    // The meeting's controls are still on the page, after the photo on a phone.
    await expect(page.getByRole("link", { name: "Join Call" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Set up Timer" })).toBeVisible();
    // No caption: nothing says 'Untitled', the title names the author.
    await expect(page.getByText("Untitled")).toHaveCount(0);
    await expect(page).toHaveTitle(/^Photo by Diego Darkroom · Street corners at dusk/);
    await page.screenshot({ path: screenshotPath(`meeting-photo-${width}.png`), fullPage: true });
  }

  // The viewer's title names the author too.
  await page.goto(`${address}?view=full`);
  const viewer = page.getByRole("dialog", { name: "Photo by Diego Darkroom (full screen)" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("Untitled")).toHaveCount(0);
});

/** The count or error under a field (its aria-describedby names it). */
const limitOf = (page: Page, id: string) => page.locator(`[id="${id}-limit"]`);

test("a photo's caption and notes say their limits before they bite, keep the text, and never raise the modal", async ({
  page,
  context,
}) => {
  await logInContext(context, author);
  const { id } = await uploadPhoto(context, "Nikon_D70.jpg");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/members/${author.username}/all/${id}`);
    await untilHydrated(page);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const form = page.getByRole("form", { name: "Edit photo" });
    const caption = form.getByLabel("Caption");
    const captionId = (await caption.getAttribute("id"))!;
    await caption.fill("c".repeat(460));
    await expect(limitOf(page, captionId)).toHaveText("460 / 500");
    const tooLong = "c".repeat(501);
    await caption.fill(tooLong);
    await expect(limitOf(page, captionId)).toHaveText("Caption can be at most 500 characters; this text has 501.");
    await expect(caption).toHaveAttribute("aria-invalid", "true");
    await expect(caption).toHaveAttribute("aria-describedby", new RegExp(`${captionId}-limit`));
    await page.screenshot({ path: screenshotPath(`long-caption-${width}.png`), fullPage: true });
    // Saving says it at the field (the schema's words), keeps the text, and raises no modal.
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Caption must be at most 500 characters.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(caption).toHaveValue(tooLong);
  }

  // Notes save themselves; past their limit they are not sent, say so, stay in the box, and leaving asks.
  await page.goto(`/members/${author.username}/all/${id}?tab=notes`);
  await untilHydrated(page);
  const notes = page.getByRole("textbox", { name: "My Private Notes" });
  const notesId = (await notes.getAttribute("id"))!;
  await notes.fill("n".repeat(18_500));
  await expect(limitOf(page, notesId)).toHaveText("18,500 / 20,000");
  await expect(page.getByText("Saved!")).toBeVisible();
  const longNotes = "n".repeat(20_001);
  await notes.fill(longNotes);
  await expect(limitOf(page, notesId)).toHaveText("Notes can be at most 20,000 characters; this text has 20,001.");
  await expect(page.getByText("Not saved until they are shorter.")).toBeVisible();
  await page.locator("header.navbar").getByRole("link", { name: SITE_TITLE }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(notes).toHaveValue(longNotes);
  await notes.press("Backspace");
  await expect(page.getByText("Saved!")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "My Private Notes" })).toHaveValue("n".repeat(20_000));
});

test("the password rule is said under the field before the first attempt; profile and meeting fields count near their limits", async ({
  page,
  context,
  browser,
}) => {
  const rule = "Minimum eight characters, at least one letter and one number.";
  await logInContext(context, members.diego);
  const invite = await api<{ id: string }>(context, "post", "/api/invites", {
    firstName: "Garry",
    lastName: "Winogrand",
    email: `garry.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`,
    message: "",
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });

    // An admin's own profile: the new password's rule, the bio's count.
    await page.goto(`/members/${members.diego.username}/edit`);
    await untilHydrated(page);
    const password = page.getByLabel("Password", { exact: true });
    await expect(page.getByText(rule)).toBeVisible();
    const passwordId = (await password.getAttribute("id"))!;
    await expect(password).toHaveAttribute("aria-describedby", new RegExp(`${passwordId}-hint`));
    const bio = page.getByLabel("Bio");
    await bio.fill("b".repeat(1_900));
    await expect(limitOf(page, (await bio.getAttribute("id"))!)).toHaveText("1,900 / 2,000");

    // A new meeting's topic.
    await page.goto("/meetings/new");
    await untilHydrated(page);
    const topic = page.getByLabel("Topic");
    await topic.fill("t".repeat(2_001));
    await expect(limitOf(page, (await topic.getAttribute("id"))!)).toHaveText(
      "Topic can be at most 2,000 characters; this text has 2,001.",
    );

    // The invite form: the e-mail field as wide as the names'.
    await page.goto("/admin/members/invite");
    const name = (await page.getByLabel("First name").boundingBox())!;
    const email = (await page.getByLabel("Email").boundingBox())!;
    expect(email.width, `the e-mail field's width at ${width} px`).toBeGreaterThanOrEqual(name.width - 1);
    await page.screenshot({ path: screenshotPath(`invite-${width}.png`), fullPage: true });
  }

  // Someone invited, before any attempt, on a phone: the rule, and the e-mail field as wide as the names'.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
  await visitor.goto(`/invites/${invite.id}`);
  await expect(visitor.getByText(rule)).toBeVisible();
  const name = (await visitor.getByLabel("First name").boundingBox())!;
  const email = (await visitor.getByLabel("Email").boundingBox())!;
  expect(email.width, "the e-mail field's width on the invite's page").toBeGreaterThanOrEqual(name.width - 1);
  await visitor.screenshot({ path: screenshotPath("invite-accept-390.png"), fullPage: true });
  await visitor.close();
});
