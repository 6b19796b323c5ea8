// Ratings and comments in the browser: a member rates with the mouse
// and with the keyboard and clears by clicking the same star; comments with
// Enter (Shift+Enter makes a new line), edits and deletes after the
// confirmation while a second member sees each change arrive live; the
// comments list links to the photo; and without JavaScript the same forms
// work as plain posts. Its own server, so the comments list holds only these.
import { expect, test, type Page } from "./support/fixtures";
import { sendCameraFile } from "./support/club-api";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { logIn, pageTitle, untilHydrated } from "./support/ui";

const person = memberDetails;

/** Owns the photos. */
const rosa = person("rosa_owner", "Rosa", "Reel");
/** Rates and comments. */
const tomas = person("tomas_talks", "Tomas", "Tone");
/** Watches the same photo in another browser. */
const ula = person("ula_watch", "Ula", "View");
/** An admin, who may delete anyone's comment. */
const vera = person("vera_admin", "Vera", "Verso", true);

const server = useClubServer({ name: "ratings-comments", members: [rosa, tomas, ula, vera] });
let photoIds: number[];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  // Rosa's two photos, through the API as a client makes them; she rates the first herself.
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await logIn(page, rosa, server.baseURL);
  photoIds = [await uploadPhoto(page, "Canon_40D.jpg"), await uploadPhoto(page, "Nikon_D70.jpg")];
  const own = await page.request.post(`/api/photos/${photoIds[0]}/rate`, { data: { value: 1 } });
  expect(own.status()).toBe(200);
  await context.close();
});

const url = (path: string) => `${server.baseURL}${path}`;

async function uploadPhoto(page: Page, file: string): Promise<number> {
  const signed_id = await sendCameraFile(page.request, server.baseURL, file);
  const created = await page.request.post(url("/api/photos"), { data: { filename: file, file: signed_id } });
  expect(created.status()).toBe(201);
  return (await created.json()).id;
}

/** The member's rating as the server stored it (0 when none). */
async function storedRating(page: Page, photoId: number, userId: number) {
  const photo = await (await page.request.get(url(`/api/photos/${photoId}`))).json();
  return (photo.Ratings as { UserId: number; value: number }[]).find((rating) => rating.UserId === userId)?.value ?? 0;
}

async function myId(page: Page): Promise<number> {
  return (await (await page.request.get(url("/api/users/me"))).json()).id;
}

const stars = (page: Page) => page.getByRole("radiogroup", { name: "Your rating" });
const star = (page: Page, n: number) => stars(page).getByRole("radio", { name: new RegExp(`^${n} stars?:`) });
const commentList = (page: Page) => page.getByRole("list", { name: "Comments" });

test("a member rates with the mouse and the keyboard, and clears by clicking the same star", async ({ page }) => {
  await logIn(page, tomas, server.baseURL);
  const me = await myId(page);
  await page.goto(url(`/browse/${photoIds[0]}`));
  await expect(page).toHaveTitle(pageTitle("Browse"));
  // The stars' labels follow the pointer only once the page's script runs.
  await untilHydrated(page);
  const details = page.getByRole("region", { name: "Details" });
  // Rosa's own 1 is left out of the average.
  await expect(details.getByText("No ratings yet")).toBeVisible();

  // The label of the star under the pointer.
  await star(page, 4).hover();
  await expect(details.getByText("good", { exact: true })).toBeVisible();
  await star(page, 2).hover();
  await expect(details.getByText("not sure", { exact: true })).toBeVisible();

  await star(page, 4).click();
  await expect(star(page, 4)).toHaveAttribute("aria-checked", "true");
  await expect(details.getByText("Average 4.0 from 1 rating")).toBeVisible();
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(4);

  // The same star again clears it.
  await star(page, 4).click();
  await expect(stars(page).getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(details.getByText("No ratings yet")).toBeVisible();
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(0);

  // The keyboard: one Tab stop, Space rates the star in focus, the arrows move and rate.
  // (The pointer still rests on the fourth star: the keyboard's star is the one named.)
  await page.getByRole("link", { name: "Rosa Reel" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(star(page, 1)).toBeFocused();
  await expect(details.getByText("unmoved", { exact: true })).toBeVisible();
  await page.keyboard.press("Space");
  await expect(star(page, 1)).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(star(page, 3)).toBeFocused();
  await expect(star(page, 3)).toHaveAttribute("aria-checked", "true");
  await expect(details.getByText("has potential", { exact: true })).toBeVisible();
  await expect(details.getByText("Average 3.0 from 1 rating")).toBeVisible();
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(3);
  // The arrows stayed with the stars: still the same photo.
  await expect(page).toHaveURL(url(`/browse/${photoIds[0]}`));
  await page.keyboard.press("End");
  await expect(star(page, 5)).toHaveAttribute("aria-checked", "true");
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(5);
  // Space on the star given clears it, as a click does.
  await page.keyboard.press("Space");
  await expect(stars(page).getByRole("radio", { checked: true })).toHaveCount(0);
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(0);

  // A rating for the next test's average, kept after a reload.
  await star(page, 5).click();
  await expect.poll(() => storedRating(page, photoIds[0]!, me)).toBe(5);
  await page.reload();
  await expect(star(page, 5)).toHaveAttribute("aria-checked", "true");
  await expect(details.getByText("Average 5.0 from 1 rating")).toBeVisible();
});

test("members comment, edit and delete, and another member sees it live", async ({ page, openContext }) => {
  await logIn(page, tomas, server.baseURL);
  const watcher = await (await openContext()).newPage();
  await logIn(watcher, ula, server.baseURL);

  // Ula is on the photo's comments before Tomas writes anything.
  await watcher.goto(url(`/browse/${photoIds[0]}?tab=comments`));
  await expect(watcher.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");
  await expect(watcher.getByText("No comments yet.")).toBeVisible();
  // In the photo's room before anything is said (what is said before that comes with a reload).
  await expect(watcher.locator('#comments[data-live="connected"]')).toHaveCount(1);

  await page.goto(url(`/browse/${photoIds[0]}`));
  // The conversation first; the camera's details are a tab away, and the way back is the tab's own address.
  await expect(page.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page).toHaveURL(url(`/browse/${photoIds[0]}?tab=details`));
  await expect(page.getByText("Canon EOS 40D", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: /^Comments/ }).click();
  await expect(page).toHaveURL(url(`/browse/${photoIds[0]}`));
  // Enter sends only once React has the box; before that it is a plain textarea's newline.
  await untilHydrated(page);
  const box = page.getByRole("textbox", { name: "Add a comment" });
  await box.click();
  await page.keyboard.type("Lovely light");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("on the tram <b>really</b>");
  await page.keyboard.press("Enter");

  const mine = commentList(page).getByRole("listitem").filter({ hasText: "Lovely light" });
  await expect(mine).toBeVisible();
  await expect(mine.locator(".comment-body")).toHaveText("Lovely light\non the tram <b>really</b>");
  await expect(mine.getByRole("link", { name: "Tomas Tone" })).toBeVisible();
  await expect(mine.locator("time").first()).toHaveText("just now");
  await expect(mine.locator("time").first()).toHaveAttribute("title", /\d{4}/);
  await expect(box).toHaveValue("");
  await expect(page.getByRole("tab", { name: /^Comments/ })).toContainText("1");

  // It reaches Ula without a reload, markup shown as text.
  const theirs = commentList(watcher).getByRole("listitem").filter({ hasText: "Lovely light" });
  await expect(theirs).toBeVisible();
  await expect(theirs.locator(".comment-body")).toHaveText("Lovely light\non the tram <b>really</b>");
  await expect(theirs.locator("b")).toHaveCount(0);
  // Only the author may change it.
  await expect(theirs.getByRole("button", { name: "Edit comment" })).toHaveCount(0);
  await expect(theirs.getByRole("button", { name: "Delete comment" })).toHaveCount(0);

  // An empty comment is refused at the box itself, in its own words: the 'Error' modal is for the unexpected.
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.locator(`#comment-new-${photoIds[0]}-limit`)).toHaveText("Body must not be empty.");
  await expect(page.getByRole("dialog", { name: "Error" })).toHaveCount(0);

  // Edit in place; Enter saves. A web address becomes a safe link.
  await mine.getByRole("button", { name: "Edit comment" }).click();
  const editBox = mine.getByRole("textbox", { name: "Edit your comment" });
  await expect(editBox).toBeFocused();
  await editBox.fill("Lovely light, more at https://example.com/tram.");
  await editBox.press("Enter");
  await expect(mine.locator(".comment-body")).toHaveText("Lovely light, more at https://example.com/tram.");
  await expect(mine).toContainText("(edited just now)");
  const link = mine.getByRole("link", { name: "https://example.com/tram" });
  await expect(link).toHaveAttribute("href", "https://example.com/tram");
  await expect(link).toHaveAttribute("rel", "nofollow noopener noreferrer ugc");
  // Ula sees the edit arrive.
  await expect(theirs.locator(".comment-body")).toHaveText("Lovely light, more at https://example.com/tram.");
  await expect(theirs).toContainText("(edited");

  // Delete, after the contract's question; Cancel first keeps it.
  await mine.getByRole("button", { name: "Delete comment" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete comment" });
  await expect(confirm).toContainText(
    'Are you sure you wish to delete the comment "Lovely light, more at https://example.com/tram."? This cannot be undone.',
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toBeVisible();
  await mine.getByRole("button", { name: "Delete comment" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(commentList(page)).toHaveCount(0);
  await expect(page.getByText("No comments yet.")).toBeVisible();
  // Gone for Ula too.
  await expect(watcher.getByText("No comments yet.")).toBeVisible();

  // A comment to stay, for the list below; the next photo opens on its conversation too.
  await box.fill("Keeper");
  await box.press("Enter");
  await expect(commentList(watcher).getByText("Keeper")).toBeVisible();
  // Two photos: the other one is either the previous or the next.
  await page
    .getByRole("navigation", { name: "Photo navigation" })
    .getByRole("link", { name: /Next|Previous/ })
    .click();
  await expect(page).toHaveURL(url(`/browse/${photoIds[1]}`));
  await expect(page.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");
});

test("an admin may delete anyone's comment", async ({ page }) => {
  await logIn(page, vera, server.baseURL);
  await page.goto(url(`/browse/${photoIds[0]}?tab=comments`));
  const keeper = commentList(page).getByRole("listitem").filter({ hasText: "Keeper" });
  await expect(keeper.getByRole("button", { name: "Edit comment" })).toHaveCount(0);
  await expect(keeper.getByRole("button", { name: "Delete comment" })).toBeVisible();
});

test("the comments list links each comment to its photo", async ({ page }) => {
  await logIn(page, ula, server.baseURL);
  await page.goto(url("/comments"));
  await expect(page).toHaveTitle(pageTitle("Comments"));
  await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
  const feed = page.getByRole("list", { name: "Recent comments" });
  const item = feed.getByRole("listitem").filter({ hasText: "Keeper" });
  await expect(item.getByRole("link", { name: "Tomas Tone" })).toBeVisible();
  await expect(item.locator("time").first()).toHaveText(/ago|just now/);
  await item.getByRole("link", { name: "Photo by Rosa Reel" }).first().click();
  await expect(page).toHaveURL(url(`/comments/${photoIds[0]}`));
  // The photo in place of the list, open on its comments.
  await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");
  await expect(commentList(page).getByText("Keeper")).toBeVisible();
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(url("/comments"));
});

test("without JavaScript, a member rates, comments, edits and deletes through plain forms", async ({ openContext }) => {
  const page = await (await openContext({ javaScriptEnabled: false })).newPage();
  await logIn(page, ula, server.baseURL);
  const me = await myId(page);
  const detail = url(`/browse/${photoIds[1]}?tab=comments`);
  await page.goto(detail);
  await expect(page.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");

  await star(page, 2).click();
  await expect(page).toHaveURL(`${detail}#rating-${photoIds[1]}`);
  await expect(star(page, 2)).toHaveAttribute("aria-checked", "true");
  expect(await storedRating(page, photoIds[1]!, me)).toBe(2);
  // The same star again clears it.
  await star(page, 2).click();
  await expect(stars(page).getByRole("radio", { checked: true })).toHaveCount(0);
  expect(await storedRating(page, photoIds[1]!, me)).toBe(0);

  await page.getByRole("textbox", { name: "Add a comment" }).fill("Posted the old way\nwith two lines");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(`${detail}#comments`);
  const mine = commentList(page).getByRole("listitem").filter({ hasText: "Posted the old way" });
  await expect(mine.locator(".comment-body")).toHaveText("Posted the old way\nwith two lines");

  await mine.getByRole("link", { name: "Edit comment" }).click();
  await mine.getByRole("textbox", { name: "Edit your comment" }).fill("Edited the old way");
  await mine.getByRole("button", { name: "Save" }).click();
  const edited = commentList(page).getByRole("listitem").filter({ hasText: "Edited the old way" });
  await expect(edited).toContainText("(edited");

  await edited.getByRole("link", { name: "Delete comment" }).click();
  await expect(edited).toContainText(
    'Are you sure you wish to delete the comment "Edited the old way"? This cannot be undone.',
  );
  await edited.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(`${detail}#comments`);
  await expect(page.getByText("No comments yet.")).toBeVisible();
});

test("the photo detail with comments fits a desktop and a phone", async ({ page }, testInfo) => {
  // React reports a page whose server and browser renderings disagree (times, tabs, stars) on the console.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await logIn(page, tomas, server.baseURL);
  await page.goto(url(`/browse/${photoIds[0]}?tab=comments`));
  await untilHydrated(page);
  const box = page.getByRole("textbox", { name: "Add a comment" });
  await box.fill("The shadows on the left lead the eye right into the frame. See https://example.com/notes");
  await box.press("Enter");
  await expect(commentList(page).getByText("The shadows on the left")).toBeVisible();
  for (const [name, width, height] of [
    ["desktop", 1280, 900],
    ["phone", 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`photo-detail-${name}.png`), fullPage: true });
    // Nothing wider than the screen: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(errors).toEqual([]);
});
