// 'My Private Notes' on the photo detail: the owner's notes save themselves half
// a second after the last keystroke ('Saving...', 'Saved!'), survive a reload,
// and nobody else sees them, on the page or through the API.
import fs from "node:fs";
import { expect, test, type Page } from "./support/fixtures";
import { members } from "./support/members";
import { submitLogin } from "./support/ui";
import { cameraFixture } from "../fixtures/camera-files";

/** Spec section 9: notes save this long after the last keystroke. */
const AUTOSAVE_MS = 500;
const NOTES = "Crop tighter on the left; try it in black and white.";
const owner = members.olga;
const other = members.pavel;

async function logIn(page: Page, member: { username: string; password: string }) {
  await page.goto("/login");
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL("/");
}

/** Uploads a photo through the API as the logged-in page's member; returns its id. */
async function uploadPhoto(page: Page): Promise<number> {
  const bytes = fs.readFileSync(cameraFixture("Nikon_D70.jpg"));
  const announced = await page.request.post("/api/assets", {
    data: { blob: { filename: "Nikon_D70.jpg", content_type: "image/jpeg", byte_size: bytes.length } },
  });
  expect(announced.status()).toBe(201);
  const { signed_id, direct_upload } = await announced.json();
  expect((await page.request.put(direct_upload.url, { headers: direct_upload.headers, data: bytes })).status()).toBe(
    200,
  );
  const created = await page.request.post("/api/photos", { data: { filename: "Nikon_D70.jpg", file: signed_id } });
  expect(created.status()).toBe(201);
  return (await created.json()).id;
}

test("the owner's private notes save as they type and stay private", async ({ page, openContext }) => {
  await logIn(page, owner);
  const photoId = await uploadPhoto(page);
  // The page's clock is the test's to move (installed now, stopped once the page
  // is up), so 'a key every 50 ms' stays that however busy the machine is: a
  // stalled keystroke would otherwise look like a pause and save early.
  await page.clock.install();
  // ?tab=notes: on the photo detail the notes are a tab of their own (the owner's only).
  await page.goto(`/members/${owner.username}/all/${photoId}?tab=notes`);
  await page.clock.pauseAt(Date.now() + 1_000);

  // Count the saves, and hold each one until 'Saving...' has been seen (however slow the machine).
  const saves: string[] = [];
  let release!: () => void;
  const seenSaving = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/photos/${photoId}`, async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    saves.push(route.request().postData() ?? "");
    await seenSaving;
    await route.continue();
  });
  const notes = page.getByRole("textbox", { name: "My Private Notes" });
  const status = page.getByRole("region", { name: "My Private Notes" }).getByRole("status");
  // Typing steadily (a key every 50 ms) saves once, after the last key.
  await notes.focus();
  for (const key of NOTES) {
    await page.keyboard.type(key);
    await page.clock.runFor(50);
  }
  expect(saves).toEqual([]);
  await page.clock.runFor(AUTOSAVE_MS);
  await expect(status).toHaveText("Saving...");
  release();
  await expect(status).toHaveText("Saved!");
  expect(saves).toEqual([JSON.stringify({ notes: NOTES })]);

  await page.reload();
  await expect(page.getByRole("textbox", { name: "My Private Notes" })).toHaveValue(NOTES);
  const mine = await (await page.request.get(`/api/photos/${photoId}`)).json();
  expect(mine.notes).toBe(NOTES);

  // Another member sees the photo, but not the notes, on the page or in the API.
  const otherPage = await (await openContext()).newPage();
  await logIn(otherPage, other);
  // Even asking for the notes tab.
  await otherPage.goto(`/members/${owner.username}/all/${photoId}?tab=notes`);
  await expect(otherPage.getByRole("article")).toBeVisible();
  await expect(otherPage.getByRole("region", { name: "My Private Notes" })).toHaveCount(0);
  await expect(otherPage.getByText("black and white")).toHaveCount(0);
  const theirs = await (await otherPage.request.get(`/api/photos/${photoId}`)).json();
  expect(theirs).not.toHaveProperty("notes");
  // Nor can they write them.
  expect((await otherPage.request.patch(`/api/photos/${photoId}`, { data: { notes: "mine now" } })).status()).toBe(403);
});
