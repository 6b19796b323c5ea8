// Words typed are never lost: private notes and the upload page's
// captions save themselves a moment after typing stops, and also at once when
// the member moves on: Next straight after typing, the browser's Back, the tab
// closed (a request that outlives the page). Where the words cannot go (the
// site not answering), leaving asks first: the site's own question for a link,
// the browser's for closing the tab. Its own server, so the photos are its own.
import path from "node:path";
import type { BrowserContext, BrowserContextOptions } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { api, CAMERA_FIXTURES, logInContext, uploadPhoto } from "./support/club-api";
import { repoRoot } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { untilHydrated } from "./support/ui";

const sofia = memberDetails("sofia_saves", "Sofia", "Saves");
const server = useClubServer({ name: "saved-as-typed", members: [sofia] });
/** Three photos, so the middle one has both a Previous and a Next. */
const photoIds: number[] = [];
let sofiasState: Awaited<ReturnType<BrowserContext["storageState"]>>;
/** The leaving question as it looks, at 1280 and 390 px. */
const screenshotPath = (name: string) => path.join(repoRoot, "test-results", "saved-as-typed", name);

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    await logInContext(context, sofia);
    for (const file of ["Canon_40D.jpg", "Nikon_D70.jpg", "Pentax_K10D.jpg"])
      photoIds.push((await uploadPhoto(context, file)).id);
    sofiasState = await context.storageState();
  } finally {
    await context.close();
  }
});

type OpenContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

/**
 * Sofia's browser on this spec's club, logged in. With `heldTimers` the test
 * holds the page's timers (stopped by `stopTimers` once the page is up), so a
 * save can only come from moving on, never from the pause after typing,
 * however slow the machine.
 */
async function sofiasPage(openContext: OpenContext, { heldTimers = false } = {}): Promise<Page> {
  const page = await (await openContext({ baseURL: server.baseURL, storageState: sofiasState })).newPage();
  if (heldTimers) await page.clock.install();
  return page;
}

const stopTimers = (page: Page) => page.clock.pauseAt(Date.now() + 1_000);

/** The photo's notes as the server has them. */
async function storedNotes(context: BrowserContext, photoId: number) {
  return (await api<{ notes: string | null }>(context, "get", `/api/photos/${photoId}`)).notes;
}

/** The middle photo's detail, on its notes tab, hydrated. */
async function openNotes(page: Page) {
  const photoId = photoIds[1]!;
  await page.goto(`/members/${sofia.username}/all/${photoId}?tab=notes`);
  await untilHydrated(page);
  return { photoId, notes: page.getByRole("textbox", { name: "My Private Notes" }) };
}

test("a note typed then Next at once is saved, and there on coming back", async ({ openContext }) => {
  const page = await sofiasPage(openContext, { heldTimers: true });
  const { photoId, notes } = await openNotes(page);
  await stopTimers(page);
  const here = page.url();
  const note = "Next one straight away: crop the lamp post.";
  await notes.fill(note);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).not.toHaveURL(here);
  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(page).toHaveURL(here);
  await expect(page.getByRole("textbox", { name: "My Private Notes" })).toHaveValue(note);
  expect(await storedNotes(page.context(), photoId)).toBe(note);
});

test("a note typed then the browser's Back at once is saved (the box never lost focus)", async ({ openContext }) => {
  const page = await sofiasPage(openContext, { heldTimers: true });
  const photoId = photoIds[1]!;
  await page.goto(`/members/${sofia.username}/all`);
  await untilHydrated(page);
  await stopTimers(page);
  await page.locator(`a[href^="/members/${sofia.username}/all/${photoId}"]`).first().click();
  await page.getByRole("tab", { name: "My Private Notes" }).click();
  const notes = page.getByRole("textbox", { name: "My Private Notes" });
  const note = "Back at once: the shadows are the subject.";
  await notes.fill(note);
  await expect(notes).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/members/${sofia.username}/all$`));
  expect(await storedNotes(page.context(), photoId)).toBe(note);
});

test("a note typed then the tab closed at once is saved", async ({ openContext }) => {
  const page = await sofiasPage(openContext, { heldTimers: true });
  const { photoId, notes } = await openNotes(page);
  await stopTimers(page);
  const note = "Closed the tab: print this one large.";
  await notes.fill(note);
  // As a person closes a tab: no question asked, the page is hidden and goes.
  await page.close();
  // Another browser of hers finds it saved, through the API and on the page.
  const other = await sofiasPage(openContext);
  await expect.poll(() => storedNotes(other.context(), photoId)).toBe(note);
  await other.goto(`/members/${sofia.username}/all/${photoId}?tab=notes`);
  await expect(other.getByRole("textbox", { name: "My Private Notes" })).toHaveValue(note);
});

/**
 * Opens `path` with the page's script (its client entry) held, as a slow phone has it: the server's
 * page is there, its script not yet. Types `early` into the box, lets the script run and, once the
 * page has hydrated, types `late` after it.
 */
async function typeAcrossHydration(page: Page, path: string, boxName: string, [early, late]: [string, string]) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  // "commit": a deferred script holds DOMContentLoaded, and so the load.
  await page.goto(path, { waitUntil: "commit" });
  const box = page.getByRole("textbox", { name: boxName });
  await box.pressSequentially(early);
  release();
  await untilHydrated(page);
  await page.unrouteAll();
  await box.press("End");
  await box.pressSequentially(late);
  return box;
}

test("words typed before the page's script runs stay, in the notes and in the comment box", async ({ openContext }) => {
  const page = await sofiasPage(openContext);
  const photoId = photoIds[0]!;
  const tab = (name: string) => `/members/${sofia.username}/all/${photoId}?tab=${name}`;
  const notes = await typeAcrossHydration(page, tab("notes"), "My Private Notes", ["Typed early, ", "then more."]);
  await notes.blur(); // saves at once
  await expect.poll(() => storedNotes(page.context(), photoId)).toBe("Typed early, then more.");

  const box = await typeAcrossHydration(page, tab("comments"), "Add a comment", ["Early words", " and late ones."]);
  await box.press("Enter");
  await expect(page.getByRole("list", { name: "Comments" }).getByText("Early words and late ones.")).toBeVisible();
});

/** Uploads a camera file at /upload, waits until its edit form is there and stops the timers; returns its item. */
async function uploadAtUploadPage(page: Page, file: string) {
  await page.goto("/upload");
  await untilHydrated(page);
  await page.getByLabel("Photos to upload").setInputFiles(path.join(CAMERA_FIXTURES, file));
  const item = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: file });
  await expect(item.getByRole("status")).toHaveText("Photo added!", { timeout: 30_000 });
  await stopTimers(page);
  return item;
}

/** The member's gallery's link to the photo captioned so. */
const galleryLink = (page: Page, caption: string) =>
  page.getByRole("list", { name: "Photos" }).getByRole("link", { name: caption });

test("a caption typed on the upload page then a link at once is saved", async ({ openContext }) => {
  const page = await sofiasPage(openContext, { heldTimers: true });
  const item = await uploadAtUploadPage(page, "gps-DSCN0010.jpg");
  const caption = "Harbour at dusk";
  await item.getByLabel("Caption").fill(caption);
  await page.getByRole("link", { name: "your gallery" }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${sofia.username}/all$`));
  await expect(galleryLink(page, caption)).toBeVisible();
});

test("a caption typed on the upload page then the tab closed at once is saved", async ({ openContext }) => {
  const page = await sofiasPage(openContext, { heldTimers: true });
  const item = await uploadAtUploadPage(page, "orientation-portrait_6.jpg");
  const caption = "Stairwell, looking up";
  await item.getByLabel("Caption").fill(caption);
  await page.close();
  const other = await sofiasPage(openContext);
  await expect(async () => {
    await other.goto(`/members/${sofia.username}/all`);
    await expect(galleryLink(other, caption)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("words that cannot be saved are asked about before leaving, by link and by closing the tab", async ({
  openContext,
}) => {
  const page = await sofiasPage(openContext);
  const { photoId, notes } = await openNotes(page);
  const here = page.url();
  // The site stops answering the notes' saves.
  const saves = `**/api/photos/${photoId}`;
  await page.route(saves, (route) =>
    route.request().method() === "PATCH" ? route.abort("connectionrefused") : route.continue(),
  );
  const note = "Offline: try a square crop.";
  await notes.clear();
  await notes.pressSequentially(note);
  const status = page.getByRole("region", { name: "My Private Notes" }).getByRole("status");
  await expect(status).toHaveText("Your notes could not be saved.");

  // A link: the site asks, and staying keeps the words on screen; on a phone too.
  const question = page.getByRole("dialog", { name: "Leave without saving?" });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(question).toBeVisible();
    await expect(question).toContainText("What you typed could not be saved");
    await page.screenshot({ path: screenshotPath(`leave-question-${viewport.width}.png`) });
    await question.getByRole("button", { name: "Stay on this page" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(here);
    await expect(notes).toHaveValue(note);
  }

  // Closing the tab: the browser asks (its own dialog); the member stays.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // The site answers again: the next move saves the words and goes.
  await page.unroute(saves);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).not.toHaveURL(here);
  expect(await storedNotes(page.context(), photoId)).toBe(note);
});

test("a caption past its limit on the upload page is said at the field, kept, and asked about before leaving", async ({
  openContext,
}) => {
  const page = await sofiasPage(openContext);
  const item = await uploadAtUploadPage(page, "Canon_40D.jpg");
  // The form saves itself a moment after typing stops: the clock runs again.
  await page.clock.resume();
  const caption = item.getByLabel("Caption");
  const limit = page.locator(`[id="${await caption.getAttribute("id")}-limit"]`);
  await caption.fill("c".repeat(455));
  await expect(limit).toHaveText("455 / 500");
  const tooLong = "c".repeat(501);
  await caption.fill(tooLong);
  // Said at the field before any save, and by the form's status once the save leaves it out.
  await expect(limit).toHaveText("Caption can be at most 500 characters; this text has 501.");
  await expect(item.getByText("Not saved: Caption must be at most 500 characters.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Error" })).toHaveCount(0);
  await page.getByRole("link", { name: "your gallery" }).click();
  const question = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Stay on this page" }).click();
  await expect(caption).toHaveValue(tooLong);
  // Within the limit, it saves.
  await caption.fill("c".repeat(500));
  await expect(limit).toHaveText("500 / 500");
  await expect(item.getByText("Changes saved.")).toBeVisible();
});
