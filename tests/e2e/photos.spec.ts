// Photos in the browser: a member uploads real camera files at /upload,
// edits a caption, features photos, reorders the year with the keyboard, moves
// between photos with the arrow keys, and deletes one; a visitor then sees the
// featured photos on the home page and in the member's year. Its own server, so
// the home page shows only these photos.
import path from "node:path";
import { expect, test, type Page } from "./support/fixtures";
import postgres from "postgres";
import { CAMERA_FIXTURES as FIXTURES } from "./support/club-api";
import { memberDetails } from "./support/members";
import { clickAndConfirm, pageTitle, submitLogin, untilHydrated, untilKeyboardDragListens } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const thisYear = new Date().getFullYear();

const pia = memberDetails("pia_frame", "Pia", "Frame");
const quinn = memberDetails("quinn_film", "Quinn", "Film");

const server = useClubServer({
  name: "photos",
  members: [pia, quinn],
  beforeStart: async (databaseUrl, [piaId]) => {
    // Pia joined two years ago, so a visitor's year pager (last year down to joining) has years in it.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update users set created_at = ${new Date(thisYear - 2, 2, 1)} where id = ${piaId!}`;
    } finally {
      await sql.end();
    }
  },
});

test.describe.configure({ mode: "serial" });

async function logIn(page: Page, member: { username: string; password: string }) {
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(`${server.baseURL}/`);
}

/**
 * The detail shows the photo at `url`: its address and its large image. The
 * address changes before the photo is on screen, and an arrow key moves from
 * the photo on screen, so the next key waits for both.
 */
async function expectShowing(page: Page, url: string) {
  await expect(page).toHaveURL(url);
  const id = new URL(url).pathname.split("/").pop();
  await expect(page.locator(".photo-detail-image img")).toHaveAttribute(
    "src",
    new RegExp(`/media/photos/${id}/large\\?v=[\\w-]{12}$`),
  );
}

/** The featured photos of a member's year as the API lists them (ids in position order). */
async function yearOrder(page: Page, userId: number) {
  const response = await page.request.get(`${server.baseURL}/api/photos?userId=${userId}&year=${thisYear}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number; caption: string | null; Feature: { position: number } }[]).map(
    (photo) => ({
      id: photo.id,
      caption: photo.caption,
      position: photo.Feature.position,
    }),
  );
}

test("a member uploads, captions, features, reorders and deletes photos; a visitor sees the portfolio", async ({
  page,
  openContext,
}) => {
  test.setTimeout(120_000);
  await logIn(page, pia);
  const me = (await (await page.request.get(`${server.baseURL}/api/users/me`)).json()) as { id: number };

  // Upload three camera files at once; they go one at a time, in order, each becoming an editable photo.
  await page.goto(`${server.baseURL}/upload`);
  await expect(page).toHaveTitle(pageTitle("Upload Photos"));
  // The drop zone's own messages (docs/texts-and-limits.md) for a file that is not an image.
  await page.getByLabel("Photos to upload").setInputFiles(path.join(FIXTURES, "README.md"));
  await expect(page.getByRole("list", { name: "Files not added" })).toContainText(
    /^README\.md: File type must be one of image\/jpeg/,
  );
  const files = ["Canon_40D.jpg", "gps-DSCN0010.jpg", "orientation-portrait_6.jpg"];
  await page.getByLabel("Photos to upload").setInputFiles(files.map((file) => path.join(FIXTURES, file)));
  const queue = page.getByRole("list", { name: "Uploads" });
  await expect(queue.getByRole("listitem")).toHaveCount(3);
  for (const file of files) {
    const item = queue.getByRole("listitem", { name: file });
    await expect(item.getByRole("status")).toHaveText("Photo added!", { timeout: 30_000 });
    await expect(item.getByLabel("Filename")).toHaveValue(file);
    await expect(item.getByLabel("Filename")).not.toBeEditable();
  }
  await expect(page.getByText("Please wait...")).toHaveCount(0);

  // A caption straight after uploading.
  const first = queue.getByRole("listitem", { name: "Canon_40D.jpg" });
  await first.getByLabel("Caption").fill("Fog on Market Street");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("status").filter({ hasText: "Photo updated!" })).toBeVisible();

  // The gallery lists them; the newest upload is first in the default order.
  await page.goto(`${server.baseURL}/members/${pia.username}/all?sort=createdAt`);
  const grid = page.getByRole("list", { name: "Photos" });
  await expect(grid.getByRole("link")).toHaveCount(3);
  await grid.getByRole("link", { name: "Fog on Market Street" }).click();

  // The detail: large image, details with the camera (make prefix dropped), and the owner's tools.
  // The camera is in the Details tab (a photo opens on its conversation); the arrows below carry the tab along.
  await expect(page).toHaveURL(/\/all\/\d+(\?|$)/);
  const withDetails = new URL(page.url());
  withDetails.searchParams.set("tab", "details");
  await page.goto(withDetails.href);
  await untilHydrated(page);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByRole("heading", { name: "Fog on Market Street" })).toBeVisible();
  await expect(details.getByText("Canon EOS 40D", { exact: true })).toBeVisible();
  await expect(details.getByText("f/7.1")).toBeVisible();
  await expect(page.locator(".photo-detail-image img")).toHaveAttribute(
    "src",
    /\/media\/photos\/\d+\/large\?v=[\w-]{12}$/,
  );
  const fogUrl = page.url();

  // Arrow keys move through the list; not while typing in the edit form.
  await page.keyboard.press("ArrowLeft");
  await expect(page).not.toHaveURL(fogUrl);
  const secondUrl = page.url();
  await expectShowing(page, secondUrl);
  await page.keyboard.press("ArrowRight");
  await expectShowing(page, fogUrl);
  await page.keyboard.press("ArrowLeft");
  await expectShowing(page, secondUrl);

  await page.getByRole("button", { name: "Edit" }).click();
  const caption = page.getByLabel("Caption");
  await caption.fill("Crossing");
  await caption.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(secondUrl);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Photo updated!" })).toBeVisible();
  await expect(details.getByRole("heading", { name: "Crossing" })).toBeVisible();

  // Feature all three in this year, from each photo's detail, newest first.
  for (let i = 0; i < 3; i++) {
    await page.goto(`${server.baseURL}/members/${pia.username}/all?sort=createdAt`);
    await grid.getByRole("link").nth(i).click();
    const year = page.getByLabel("Featured year");
    await expect(year).toHaveValue("");
    await untilHydrated(page);
    await year.selectOption(String(thisYear));
    await expect(year).toBeEnabled();
    await expect(year).toHaveValue(String(thisYear));
    await expect(details.getByRole("definition").filter({ hasText: String(thisYear) })).toBeVisible();
  }
  await expect.poll(async () => (await yearOrder(page, me.id)).map((photo) => photo.position)).toEqual([1, 2, 3]);
  const featuredOrder = await yearOrder(page, me.id);

  // Reorder the year with the keyboard: pick up the first, move it one place on, drop it.
  await page.goto(`${server.baseURL}/members/${pia.username}/${thisYear}`);
  const yearGrid = page.getByRole("list", { name: `Featured photos of ${thisYear}` });
  await expect(yearGrid.getByRole("listitem")).toHaveCount(3);
  const handle = yearGrid.getByRole("button", { name: /^Move .*position 1 of 3$/ });
  // dnd-kit announces each step in its live region; wait for each before the next key.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(announcer).toHaveText(/^(Picked up .*|.* moved to) position 1 of 3\.$/);
  await untilKeyboardDragListens(page);
  await page.keyboard.press("ArrowRight");
  await expect(announcer).toContainText("moved to position 2 of 3");
  await page.keyboard.press("Space");
  await expect(announcer).toContainText("dropped at position 2 of 3");
  const wanted = [featuredOrder[1]!.id, featuredOrder[0]!.id, featuredOrder[2]!.id];
  await expect.poll(async () => (await yearOrder(page, me.id)).map((photo) => photo.id)).toEqual(wanted);
  await page.reload();
  await expect(yearGrid.getByRole("button", { name: /position 2 of 3$/ })).toHaveAccessibleName(
    new RegExp(`^Move ${(featuredOrder[0]!.caption ?? "Photo by Pia Frame").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );

  // A visitor sees them on the home page with caption and name, and in the member's year, in the new order.
  const visitor = await (await openContext()).newPage();
  await visitor.goto(`${server.baseURL}/`);
  const home = visitor.getByRole("list", { name: "Featured photos" });
  await expect(home.getByRole("listitem")).toHaveCount(3);
  await expect(home.getByText("Crossing")).toBeVisible();
  await expect(home.getByText("Pia Frame").first()).toBeVisible();
  await home.getByRole("link", { name: "Crossing" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/members/${pia.username}/${thisYear}/\\d+$`));
  // Visitors get the thumbnail, no camera details and no owner tools.
  await expect(visitor.locator(".photo-detail-image img")).toHaveAttribute("src", /\/thumb\?v=[\w-]{12}$/);
  await expect(visitor.getByText("Canon EOS 40D")).toHaveCount(0);
  await expect(visitor.getByLabel("Featured year")).toHaveCount(0);
  // The year pager for visitors has no 'All' and starts last year.
  const years = visitor.getByRole("navigation", { name: "Years" });
  await expect(years.getByRole("link", { name: "All" })).toHaveCount(0);
  await expect(years.getByRole("link").first()).toHaveText(String(thisYear - 1));

  await visitor.goto(`${server.baseURL}/members/${pia.username}/${thisYear}`);
  const visitorYear = visitor.getByRole("list", { name: `Featured photos of ${thisYear}` });
  const links = visitorYear.getByRole("link");
  await expect(links).toHaveCount(3);
  const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
  expect(hrefs).toEqual(wanted.map((id) => `/members/${pia.username}/${thisYear}/${id}`));
  // Members-only pages stay closed.
  expect((await visitor.request.get(`${server.baseURL}/media/photos/${wanted[0]}/large`)).status()).toBe(404);

  // Delete one from its detail, confirming; back to the year, which closes up.
  await page.goto(`${server.baseURL}/members/${pia.username}/${thisYear}/${wanted[0]}`);
  expect(await clickAndConfirm(page, page.getByRole("button", { name: "Delete" }))).toBe(
    "Are you sure you wish to delete this photo? This cannot be undone.",
  );
  await expect(page).toHaveURL(`${server.baseURL}/members/${pia.username}/${thisYear}`);
  await expect(yearGrid.getByRole("listitem")).toHaveCount(2);
  expect(await yearOrder(page, me.id)).toEqual([
    expect.objectContaining({ id: wanted[1], position: 1 }),
    expect.objectContaining({ id: wanted[2], position: 2 }),
  ]);
});

test("featuring a 13th photo in a year shows the contract's modal", async ({ page }) => {
  // Twelve featured photos straight in the database (the pipeline is covered above).
  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
  let spareId: number;
  try {
    const [member] = await sql<{ id: number }[]>`select id from users where username = ${quinn.username}`;
    for (let i = 0; i <= 12; i++) {
      const key = `originals/00/00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      const [asset] = await sql<
        { id: number }[]
      >`insert into assets (key, filename, byte_size, created_by_id) values (${key}, 'x.jpg', 1, ${member!.id}) returning id`;
      const [photo] = await sql<{ id: number }[]>`
        insert into photos (user_id, original_asset_id, filename, caption) values (${member!.id}, ${asset!.id}, 'x.jpg', ${`Quinn ${i}`}) returning id`;
      if (i < 12)
        await sql`insert into features (photo_id, user_id, year, position) values (${photo!.id}, ${member!.id}, ${thisYear}, ${i + 1})`;
      else spareId = photo!.id;
    }
  } finally {
    await sql.end();
  }

  await logIn(page, quinn);
  await page.goto(`${server.baseURL}/browse/${spareId!}`);
  await expect(page).toHaveTitle(pageTitle("Browse"));
  await untilHydrated(page);
  await page.getByLabel("Featured year").selectOption(String(thisYear));
  const modal = page.getByRole("dialog", { name: "An error has occurred" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("There are already 12 photos featured for that year.");
  await modal.getByRole("button", { name: "OK" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByLabel("Featured year")).toHaveValue("");
});

test("browse pages through every photo with a sort selector", async ({ page }) => {
  await logIn(page, quinn);
  await page.goto(`${server.baseURL}/browse`);
  await expect(page.getByRole("heading", { name: "Browse", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Sort")).toHaveValue("meeting");
  await untilHydrated(page);
  await page.getByLabel("Sort").selectOption("createdAt");
  await expect(page).toHaveURL(`${server.baseURL}/browse?sort=createdAt`);
  const grid = page.getByRole("list", { name: "Photos" });
  await expect(grid.getByRole("link").first()).toHaveAccessibleName("Quinn 12");
  await grid.getByRole("link", { name: "Quinn 12" }).click();
  await expect(page).toHaveURL(/\/browse\/\d+\?sort=createdAt$/);
  await page.getByRole("link", { name: "Back to list" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/browse?sort=createdAt`);
});
