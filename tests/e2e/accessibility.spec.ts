// Accessible on every screen, kept so: axe-core runs on
// every page of app/routes.ts, as a visitor, a member and an admin, at 1280 and
// 390 px, and in the states that matter (form errors shown, dialogs open, the
// full-screen viewer, the upload queue busy, the error pages): 0 violations of
// any rule axe runs by default (WCAG 2.x A and AA, and its best practices).
//
// Screens that need data get it through the API first (Vera's photos, one
// featured for visitors, a comment, a meeting she submitted to, a recurring
// meeting's template, a pending invite).
import { expect, test, type Page } from "./support/fixtures";
import {
  api,
  CAMERA_FIXTURES,
  logInContext,
  submitToMeeting,
  uploadPhoto,
  type UploadedPhoto,
} from "./support/club-api";
import { expectAccessible } from "./support/axe";
import { members } from "./support/members";
import { untilHydrated } from "./support/ui";

const vera = members.vera;
const walt = members.walt;
const thisYear = new Date().getFullYear();

type Club = {
  photo: UploadedPhoto;
  other: UploadedPhoto;
  meetingId: number;
  submittedPhotoId: number;
  emptyMeetingId: number;
  templateId: number;
  inviteId: string;
};

let club: Club;

/**
 * A scan is a page load and an axe run: a second or two on an idle machine,
 * several on a loaded one. The tests below scan many screens each, so their
 * limits allow about 10 s a scan.
 */
const SCAN_SECONDS = 10_000;

async function scan(page: Page, path: string, screen = path) {
  await page.goto(path);
  await expectAccessible(page, screen);
}

/** The viewer is fetched and drawn once the page runs: axe looks at it, not at the page before it. */
async function scanFullScreen(page: Page, path: string, screen: string) {
  await page.goto(path);
  await expect(page.getByRole("dialog", { name: /\(full screen\)$/ })).toBeVisible();
  await expectAccessible(page, screen);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  try {
    await logInContext(context, vera);
    const photo = await uploadPhoto(context, "Canon_40D.jpg");
    const other = await uploadPhoto(context, "orientation-portrait_6.jpg");
    await api(context, "post", `/api/photos/${photo.id}/feature`, { year: thisYear, position: 1 });
    await api(context, "post", "/api/comments", { PhotoId: photo.id, body: "The light on the left!" });
    await context.clearCookies();

    await logInContext(context, walt);
    type Meeting = { id: number; MeetingTemplateId: number | null };
    const meeting = await api<Meeting>(context, "post", "/api/meetings", {
      startsAt: `${thisYear + 1}-02-02T19:00:00Z`,
      topic: "Shadows and reflections\nBring three.",
      frequency: 7,
    });
    const empty = await api<Meeting>(context, "post", "/api/meetings", {
      startsAt: `${thisYear + 1}-03-02T19:00:00Z`,
      topic: "Nobody came yet",
    });
    const invite = await api<{ id: string }>(context, "post", "/api/invites", {
      firstName: "Lee",
      lastName: "Friedlander",
      email: `lee.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`,
      message: "",
    });
    await context.clearCookies();

    await logInContext(context, vera);
    const submission = await submitToMeeting(context, meeting.id);
    club = {
      photo,
      other,
      meetingId: meeting.id,
      submittedPhotoId: submission.Photo.id,
      emptyMeetingId: empty.id,
      templateId: meeting.MeetingTemplateId!,
      inviteId: invite.id,
    };
  } finally {
    await context.close();
  }
});

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 844 } });

    test("a visitor's screens", async ({ page }) => {
      test.setTimeout(12 * SCAN_SECONDS);
      await scan(page, "/", "home");
      await scan(page, "/login", "log in");
      await scan(page, "/passwords/forgot", "forgot password");
      await scan(page, "/passwords/reset/not-a-token", "reset link invalid");
      await scan(page, `/invites/${club.inviteId}`, "sign up from an invite");
      await scan(page, "/members", "members");
      await scan(page, `/members/${vera.username}/${thisYear}`, "a member's year");
      await scan(page, `/members/${vera.username}/${thisYear - 1}`, "a member's empty year, leading to the others");
      await scan(page, `/members/${vera.username}/${thisYear}/${club.photo.id}`, "a public photo");
      await scan(page, "/no/such/page", "404");
      await scan(page, "/setup/not-a-token", "setup link used");
    });

    test("a visitor's forms with their errors", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email or Username").fill("nobody");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await expect(page.getByText("Invalid email and/or password.")).toBeVisible();
      await expectAccessible(page, "log in refused");

      await page.goto("/passwords/forgot");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.locator("[aria-invalid=true], .form-errors, [role=alert]").first()).toBeVisible();
      await expectAccessible(page, "forgot password, empty");

      await page.goto(`/invites/${club.inviteId}`);
      await page
        .getByRole("button", { name: /sign up|join|create/i })
        .first()
        .click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectAccessible(page, "sign up, empty");
    });

    test("a member's screens", async ({ page }) => {
      test.setTimeout(25 * SCAN_SECONDS);
      await logInContext(page.context(), vera);
      const photo = club.photo.id;
      await scan(page, "/", "home, member");
      await scan(page, "/account", "account");
      await scan(page, "/members", "members, member");
      await scan(page, `/members/${vera.username}/edit`, "own profile");
      await scan(page, `/members/${vera.username}/all`, "own gallery, all");
      await scan(page, `/members/${vera.username}/${thisYear}`, "own year, reorder");
      await scan(page, `/members/${vera.username}/all/${photo}`, "own photo in the gallery");
      await scan(page, "/browse", "browse");
      await scan(page, `/browse/${photo}`, "photo detail, comments tab");
      await scan(page, `/browse/${photo}?tab=details`, "photo detail, details tab");
      await scan(page, `/browse/${photo}?tab=notes`, "photo detail, notes tab");
      await scanFullScreen(page, `/browse/${photo}?view=full`, "full-screen viewer");
      await scan(page, "/comments", "comments");
      await scan(page, `/comments/${photo}`, "comments, a photo");
      await scan(page, "/upload", "upload");
      await scan(page, "/meetings", "meetings");
      await scan(page, `/meetings/${club.meetingId}`, "a meeting");
      await scan(page, `/meetings/${club.meetingId}/${club.submittedPhotoId}`, "a meeting's photo");
      await scanFullScreen(
        page,
        `/meetings/${club.meetingId}/${club.submittedPhotoId}?view=full`,
        "a meeting's photo full screen",
      );
      await scan(page, `/meetings/${club.meetingId}/upload`, "meeting upload, own submissions");
      await scan(page, "/no/such/page", "404, member");
      await scan(page, `/members/${walt.username}/edit`, "403");
    });

    test("a member's states: editing, a dialog open, the upload queue busy", async ({ page }) => {
      test.setTimeout(12 * SCAN_SECONDS);
      await logInContext(page.context(), vera);
      await page.goto(`/browse/${club.photo.id}`);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const form = page.getByRole("form", { name: "Edit photo" });
      await form.getByLabel("Acquire licence page").fill("ftp://not-a-web-page");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectAccessible(page, "photo edit form with an error");

      await page.goto(`/browse/${club.photo.id}?tab=comments`);
      await page
        .locator(".comment")
        .getByRole("button", { name: /Delete/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "delete comment dialog");

      // A picture chosen: the drop zone is disabled until it is removed.
      await page.goto(`/members/${vera.username}/edit`);
      await page.getByLabel("Choose a picture").setInputFiles(`${CAMERA_FIXTURES}/Canon_40D.jpg`);
      await expect(page.getByText("Remove the picture to choose another.")).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, "profile, picture chosen (drop zone disabled)");

      await page.goto(`/members/${vera.username}/edit`);
      await page.getByLabel("Email").fill("not an email");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectAccessible(page, "profile with an error");

      // The upload queue busy: the bytes' PUT is held until the scan is done.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/uploads/**", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/upload");
      await page.getByLabel("Photos to upload").setInputFiles(`${CAMERA_FIXTURES}/Pentax_K10D.jpg`);
      await expect(page.getByText("Please do not leave this page until your uploads are complete.")).toBeVisible();
      await expectAccessible(page, "upload queue busy");
      release();
      await expect(page.getByText("Photo added!")).toBeVisible({ timeout: 60_000 });
      await expectAccessible(page, "upload queue done, edit form shown");
    });

    test("an admin's screens and forms", async ({ page }) => {
      test.setTimeout(25 * SCAN_SECONDS);
      await logInContext(page.context(), walt);
      await scan(page, "/admin/members", "manage members");
      await scan(page, "/admin/members/invite", "invite");
      await scan(page, "/admin/club", "club settings");
      await scan(page, `/admin/members/${vera.username}`, "an admin editing a member");
      await scan(page, "/meetings", "meetings, admin");
      await scan(page, "/meetings/new", "new meeting");
      await scan(page, `/meetings/${club.meetingId}/edit`, "edit meeting");
      await scan(page, `/meetings/templates/${club.templateId}/edit`, "edit recurring meeting");
      await scan(page, `/meetings/${club.meetingId}`, "a meeting, admin");

      await page.goto("/admin/members/invite");
      await page
        .getByRole("button", { name: /invite|send/i })
        .last()
        .click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectAccessible(page, "invite with errors");

      await page.goto("/meetings/new");
      await page.getByRole("button", { name: "Create Meeting" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectAccessible(page, "new meeting with errors");

      await page.goto("/admin/members");
      await page
        .getByRole("table", { name: "Pending invites" })
        .getByRole("button", { name: "Revoke" })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Revoke invite" })).toBeVisible();
      await expectAccessible(page, "a question before a change (revoke an invite)");

      await page.goto(`/meetings/${club.emptyMeetingId}/edit`);
      await page
        .getByRole("button", { name: /Delete/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "delete meeting dialog");
    });
  });
}

test("the scan fails on a page with a violation (an image without a text alternative)", async ({ page }) => {
  await page.goto("/login");
  await untilHydrated(page); // else React's hydration takes the added image away again
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/favicon.ico";
    document.querySelector("main")!.append(image);
  });
  const failure = await expectAccessible(page, "a page given a bare image").then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
});
