// Without JavaScript: every form that changes something works
// in a browser with scripts off, each submitted as a plain form and its result
// checked on the page the browser comes back to: the photo edit form, the
// featured year, private notes, rating, comments (post, edit, delete with its
// question), deleting a photo (a confirmation step, never one click), the
// admin's deactivate/reactivate (the question first), the profile, a new
// meeting, the meeting's order and the calendar address. The upload screens
// say they need JavaScript.
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext, uploadPhoto, type UploadedPhoto } from "./support/club-api";
import { members } from "./support/members";
import { pageTitle } from "./support/ui";

test.use({ javaScriptEnabled: false });

const nadia = members.nadia;
const ulla = members.ulla;
const tomas = members.tomas;
const thisYear = new Date().getFullYear();

/** The page really runs no script: React Router's client never took over. */
async function expectNoScript(page: Page) {
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
}

async function nadiasPhoto(page: Page): Promise<UploadedPhoto> {
  await logInContext(page.context(), nadia);
  return uploadPhoto(page.context());
}

const flash = (page: Page) => page.locator(".flash");

/** A picture of the step for people to look at (test-results/playwright/...). */
const snapshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("the photo edit form opens as a step, saves and comes back with 'Photo updated!'", async ({ page, baseURL }) => {
  const photo = await nadiasPhoto(page);
  await page.goto(`/browse/${photo.id}`);
  await expectNoScript(page);
  // The full-screen viewer needs JavaScript: no button that would only reload the page.
  await expect(page.getByRole("link", { name: "Full screen" })).toHaveCount(0);

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/browse/${photo.id}\\?editPhoto=${photo.id}$`));
  const form = page.getByRole("form", { name: "Edit photo" });
  await snapshot(page, "edit-step");
  await form.getByLabel("Caption").fill("Rain on Market Street");
  await form.getByLabel("Description").fill("Umbrellas at the crossing.");
  await form.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(`${baseURL}/browse/${photo.id}`);
  await expect(flash(page)).toContainText("Photo updated!");
  await expect(page.getByRole("heading", { name: "Rain on Market Street" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit photo" })).toHaveCount(0);

  // Cancel is a link back to the photo.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Caption")).toHaveValue("Rain on Market Street");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`${baseURL}/browse/${photo.id}`);
});

test("the featured year has its own button", async ({ page, baseURL }) => {
  await logInContext(page.context(), members.nils);
  const photo = await uploadPhoto(page.context());
  await page.goto(`/browse/${photo.id}`);
  await page.getByLabel("Featured year").selectOption(String(thisYear));
  await page.getByRole("button", { name: "Save year" }).click();
  await expect(page).toHaveURL(`${baseURL}/browse/${photo.id}`);
  await expect(page.getByLabel("Featured year")).toHaveValue(String(thisYear));

  // The year's gallery now holds it.
  await page.goto(`/members/${members.nils.username}/${thisYear}`);
  await expect(page.locator(`a[href*="/${photo.id}"]`).first()).toBeVisible();

  await page.goto(`/browse/${photo.id}`);
  await page.getByLabel("Featured year").selectOption("");
  await page.getByRole("button", { name: "Save year" }).click();
  await expect(page.getByLabel("Featured year")).toHaveValue("");
});

test("the year's order changes with Earlier and Later", async ({ page }) => {
  const first = await nadiasPhoto(page);
  const second = await uploadPhoto(page.context(), "Pentax_K10D.jpg");
  // This year (Nadia joined today). No other test features her photos: a year that changed
  // between the page and the click would be refused ('The featured photos changed meanwhile').
  const year = thisYear;
  await api(page.context(), "post", `/api/photos/${first.id}/feature`, { year, position: 1 });
  await api(page.context(), "post", `/api/photos/${second.id}/feature`, { year, position: 2 });
  const order = async () => {
    const featured = await api<{ id: number }[]>(
      page.context(),
      "get",
      `/api/photos?userId=${first.UserId}&year=${year}`,
    );
    return featured.map((photo) => photo.id).filter((id) => id === first.id || id === second.id);
  };
  expect(await order()).toEqual([first.id, second.id]);

  await page.goto(`/members/${nadia.username}/${year}`);
  const firstCard = page.getByRole("listitem").filter({ has: page.locator(`a[href$="/${first.id}"]`) });
  await firstCard.getByRole("button", { name: /later$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${nadia.username}/${year}$`));
  expect(await order()).toEqual([second.id, first.id]);
  // The page came back in the new order: the first photo can now go back.
  await expect(firstCard.getByRole("button", { name: /earlier$/ })).toBeEnabled();
});

test("private notes have a Save button", async ({ page }) => {
  const photo = await nadiasPhoto(page);
  await page.goto(`/browse/${photo.id}?tab=notes`);
  const notes = page.getByRole("textbox", { name: "My Private Notes" });
  await notes.fill("Print at 30x40, darker sky.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(flash(page)).toContainText("Saved!");
  await page.goto(`/browse/${photo.id}?tab=notes`);
  await expect(page.getByRole("textbox", { name: "My Private Notes" })).toHaveValue("Print at 30x40, darker sky.");
});

test("rating and comments: post, edit and delete (after its question)", async ({ page }) => {
  const photo = await nadiasPhoto(page);
  await page.goto(`/browse/${photo.id}?tab=comments`);

  const four = page.getByRole("radio", { name: /^4 stars/ });
  await four.click();
  await expect(page.getByRole("radio", { name: /^4 stars/ })).toHaveAttribute("aria-checked", "true");

  await page.getByLabel("Add a comment").fill("Lovely light on the left.");
  await page.getByRole("button", { name: "Post" }).click();
  const comment = page.locator(".comment").filter({ hasText: "Lovely light on the left." });
  await expect(comment).toBeVisible();

  await comment.getByRole("link", { name: /Edit/ }).click();
  const box = page.locator(".comment textarea");
  await box.fill("Lovely light on the left, and the shadow.");
  await page.locator(".comment").getByRole("button", { name: "Save" }).click();
  const edited = page.locator(".comment").filter({ hasText: "and the shadow." });
  await expect(edited).toBeVisible();

  await edited.getByRole("link", { name: /Delete/ }).click();
  await expect(page.getByText(/Are you sure you wish to delete the comment/)).toBeVisible();
  await page.locator(".comment-confirm").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(".comment").filter({ hasText: "and the shadow." })).toHaveCount(0);
});

test("deleting a photo asks first on a step of its own; Cancel keeps it", async ({ page, baseURL }) => {
  const photo = await nadiasPhoto(page);
  await page.goto(`/browse/${photo.id}`);

  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?deletePhoto=${photo.id}$`));
  await expect(page.getByText("Are you sure you wish to delete this photo? This cannot be undone.")).toBeVisible();
  await snapshot(page, "delete-step");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`${baseURL}/browse/${photo.id}`);
  expect((await page.request.get(`/api/photos/${photo.id}`)).status()).toBe(200);

  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await page.getByRole("group").getByRole("button", { name: "Delete" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/browse/${photo.id}`));
  expect((await page.request.get(`/api/photos/${photo.id}`)).status()).toBe(404);
});

test("the upload screen says it needs JavaScript", async ({ page }) => {
  await logInContext(page.context(), nadia);
  await page.goto("/upload");
  // A <noscript>: browsers with scripting off show it. (Playwright's script-less context
  // only stops scripts, so the parser still reads <noscript> as text: read its text.)
  const notes = await page.locator("noscript").allTextContents();
  expect(notes.join("\n")).toContain(
    "Uploading photos needs JavaScript, which is off in this browser. Turn it on to upload.",
  );
});

test("the member's own profile saves", async ({ page }) => {
  await logInContext(page.context(), nadia);
  await page.goto(`/members/${nadia.username}/edit`);
  await page.getByLabel("Bio").fill("Shoots at dusk, without scripts.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(flash(page)).toContainText("Your account has been updated!");
  await page.goto(`/members/${nadia.username}/edit`);
  await expect(page.getByLabel("Bio")).toHaveValue("Shoots at dusk, without scripts.");
});

test("an admin deactivates and reactivates a member, each after the question", async ({ page }) => {
  await logInContext(page.context(), ulla);
  await page.goto("/admin/members");
  await expect(page).toHaveTitle(pageTitle("Manage Members"));
  const row = page.getByRole("row").filter({ hasText: tomas.email });

  await row.getByText("Deactivate", { exact: true }).click();
  await expect(row.getByText(/Are you sure you wish to deactivate Tomas Toggle/)).toBeVisible();
  await snapshot(page, "deactivate-question");
  await row.getByRole("button", { name: "Yes, Deactivate" }).click();
  await expect(flash(page)).toContainText("Tomas Toggle was deactivated.");

  const again = page.getByRole("row").filter({ hasText: tomas.email });
  await again.getByText("Reactivate", { exact: true }).click();
  await again.getByRole("button", { name: "Yes, Reactivate" }).click();
  await expect(flash(page)).toContainText("Tomas Toggle was reactivated.");
});

test("a refused row action says why on the page it comes back to", async ({ page }) => {
  await logInContext(page.context(), ulla);
  const invite = await api<{ id: string }>(page.context(), "post", "/api/invites", {
    firstName: "Stale",
    lastName: "Page",
    email: `stale-${Date.now()}@example.com`,
    message: "",
  });
  await page.goto("/admin/members");
  const row = page.getByRole("row").filter({ hasText: "Stale Page" });
  await expect(row).toBeVisible();
  // The invite's link is on the page to copy by hand; the button that copies it needs a script.
  await expect(row.getByRole("textbox", { name: "Invite link for Stale Page" })).toHaveValue(
    new RegExp(`^https?://[^/]+/invites/${invite.id}$`),
  );
  await expect(row.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  // Another admin (another tab) revokes it while this page is open.
  await api(page.context(), "delete", `/api/invites/${invite.id}`);

  await row.getByText("Resend", { exact: true }).click();
  await row.getByRole("button", { name: "Yes, Resend" }).click();
  await expect(page.getByRole("alert")).toContainText("This invite is no longer available.");
  await snapshot(page, "row-refusal");
});

test("an admin creates a meeting, and its order and the calendar address change", async ({ page }) => {
  await logInContext(page.context(), ulla);
  await page.goto("/meetings/new");
  await page.getByLabel("Date/Time").fill(`${thisYear + 1}-03-10T19:00`);
  await page.getByLabel("Topic").fill("Night walks without scripts\nBring a tripod.");
  await page.getByRole("button", { name: "Create Meeting" }).click();
  await expect(flash(page)).toContainText("Meeting created!");
  await page.getByRole("row").filter({ hasText: "Night walks without scripts" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/meetings\/\d+$/);
  await expect(page.getByRole("heading", { name: /Night walks without scripts/ })).toBeVisible();

  await page.getByRole("button", { name: "Alphabetical" }).click();
  await expect(page.getByRole("button", { name: "Alphabetical" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Random" }).click();
  await expect(page.getByRole("button", { name: "Random" })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/account");
  const address = page.getByLabel("Your calendar address");
  const before = await address.inputValue();
  await page.getByText("Make a new address", { exact: true }).click();
  await expect(page.getByText(/Make a new calendar address\? The old one stops working/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, Make a new address" }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByLabel("Your calendar address")).not.toHaveValue(before);
});
