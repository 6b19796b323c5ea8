// 'My Private Notes' on the photo detail: the owner's notes save themselves half
// a second after the last keystroke ('Saving...', 'Saved!'), survive a reload,
// and nobody else sees them, on the page or through the API.
import fs from "node:fs";
import { expect, test, type Page } from "./support/fixtures";
import { members } from "./support/members";
import { submitLogin } from "./support/ui";
import { cameraFixture } from "../fixtures/camera-files";

/** Notes save this long after the last keystroke (docs/texts-and-limits.md). */
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

/** Whether each tab of the strip shows whole: not cut by the strip, nor the strip by the page. */
async function tabsShowWhole(page: Page) {
  return page.getByRole("tablist", { name: "About this photo" }).evaluate((strip) => {
    const box = strip.getBoundingClientRect();
    const tabs = [...strip.querySelectorAll<HTMLElement>('[role="tab"]')];
    return {
      count: tabs.length,
      stripScrolls: strip.scrollWidth > strip.clientWidth + 1,
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
      cut: tabs
        .filter((tab) => {
          const own = tab.getBoundingClientRect();
          return own.left < box.left - 1 || own.right > box.right + 1 || tab.scrollWidth > tab.clientWidth + 1;
        })
        .map((tab) => tab.textContent),
    };
  });
}

test("a photo opens on its conversation, with every tab whole and the notes box like the site's fields", async ({
  page,
}) => {
  await logIn(page, owner);
  const photoId = await uploadPhoto(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/members/${owner.username}/all/${photoId}`);
    // Comments first: the conversation and its box, not a count on a tab.
    await expect(page.getByRole("tab", { name: /^Comments/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("textbox", { name: "Add a comment" })).toBeVisible();
    await expect(page.getByText("No comments yet.")).toBeVisible();
    expect(await tabsShowWhole(page), `the tab strip at ${width} px`).toEqual({
      count: 3,
      stripScrolls: false,
      pageScrolls: false,
      cut: [],
    });
  }
  // The camera's details are a tab away, and that choice rides in the address.
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/all/${photoId}\\?tab=details$`));
  await expect(page.getByRole("tabpanel", { name: "Details" }).getByText("NIKON D70")).toBeVisible();

  // The notes box looks like any other field of the site (app.css .field): compared with one made beside it.
  await page.goto(`/members/${owner.username}/all/${photoId}?tab=notes`);
  const notes = page.getByRole("textbox", { name: "My Private Notes" });
  const look = await notes.evaluate((box) => {
    const keys = [
      "borderTopWidth",
      "borderTopStyle",
      "borderTopColor",
      "borderRadius",
      "paddingLeft",
      "backgroundColor",
    ];
    const field = document.createElement("div");
    field.className = "field";
    const reference = field.appendChild(document.createElement("textarea"));
    document.body.appendChild(field);
    const pick = (element: Element) => {
      const style = getComputedStyle(element) as unknown as Record<string, string>;
      return Object.fromEntries(keys.map((key) => [key, style[key]]));
    };
    const result = { notes: pick(box), field: pick(reference) };
    field.remove();
    return result;
  });
  expect(look.notes).toEqual(look.field);
  expect(look.notes.borderRadius).not.toBe("0px");
});
