// Grids that respect the photograph: real camera files of
// every shape (portraits, landscapes, a phone panorama, originals only 100 px
// wide) in the home page, browse and the owner's year view, measured at each
// breakpoint: the contract's 1/2/3/4 columns, no blank space between the cards of a
// column beyond the gutter, every photo whole in its own shape and never wider
// than its original, reading order row by row, nothing moving while the
// thumbnails load, and the same layout without JavaScript.
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { api, logInContext, uploadPhoto } from "./support/club-api";
import { memberDetails } from "./support/members";
import { untilKeyboardDragListens } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const thisYear = new Date().getFullYear();
const rosa = memberDetails("rosa_grid", "Rosa", "Grid");

/** Portraits among landscapes, a 2.3:1 phone photo, and small originals (100 px, 88 px and 640 px wide). */
const FILES = [
  "orientation-portrait_6.jpg",
  "mobile-HMD_Nokia_8.3_5G.jpg",
  "orientation-landscape_3.jpg",
  "Canon_40D.jpg",
  "orientation-portrait_8.jpg",
  "gps-DSCN0010.jpg",
  "orientation-landscape_6.jpg",
  "Nikon_D70.jpg",
  "invalid-image01137.jpg",
  "Pentax_K10D.jpg",
];

/** The contract's columns by breakpoint (GRID_LAYOUTS in app/lib/photo-masonry.ts), one window width inside each. */
const WIDTHS = [
  { width: 390, columns: 1 },
  { width: 700, columns: 2 },
  { width: 1000, columns: 3 },
  { width: 1280, columns: 4 },
];
/** The gutter between cards: 1rem. */
const GUTTER = 16;

let rosaState: Awaited<ReturnType<BrowserContext["storageState"]>>;

const server = useClubServer({ name: "grids", members: [rosa] });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    await logInContext(context, rosa);
    for (const [index, file] of FILES.entries()) {
      const { id } = await uploadPhoto(context, file);
      // Featured this year, so the photos are on the home page and in her year view, in this order.
      await api(context, "post", `/api/photos/${id}/feature`, { year: thisYear, position: index + 1 });
    }
    rosaState = await context.storageState();
  } finally {
    await context.close();
  }
});

type CardBox = {
  top: number;
  left: number;
  width: number;
  height: number;
  image: { top: number; left: number; width: number; height: number; storedWidth: number; storedHeight: number };
};

/** Every card of the list, relative to the list, with its photo's box and stored size. */
function measure(page: Page, label: string) {
  return page.getByRole("list", { name: label }).evaluate((list) => {
    const frame = list.getBoundingClientRect();
    const cards = [...list.children].map((card) => {
      const box = card.getBoundingClientRect();
      const img = card.querySelector("img")!;
      const photo = img.getBoundingClientRect();
      return {
        top: box.top - frame.top,
        left: box.left - frame.left,
        width: box.width,
        height: box.height,
        image: {
          top: photo.top - box.top,
          left: photo.left - box.left,
          width: photo.width,
          height: photo.height,
          storedWidth: Number(img.getAttribute("width")),
          storedHeight: Number(img.getAttribute("height")),
        },
      };
    });
    return { height: frame.height, cards };
  });
}

/** The masonry's promises, measured in the browser. */
function expectMasonry({ height, cards }: { height: number; cards: CardBox[] }, columns: number) {
  expect(cards.length).toBe(FILES.length);
  const lefts = [...new Set(cards.map((card) => Math.round(card.left)))].sort((a, b) => a - b);
  expect(lefts, "the contract's number of columns").toHaveLength(columns);
  for (const card of cards) expect(card.width).toBeCloseTo(cards[0]!.width, 0);

  // In each column the cards follow one another with exactly the gutter between them, from the top.
  let bottom = 0;
  for (const left of lefts) {
    const column = cards.filter((card) => Math.round(card.left) === left).sort((a, b) => a.top - b.top);
    expect(column[0]!.top).toBeCloseTo(0, 0);
    column.slice(1).forEach((card, index) => {
      const above = column[index]!;
      expect(card.top - (above.top + above.height), "the space between two cards of a column").toBeCloseTo(GUTTER, 0);
    });
    const last = column[column.length - 1]!;
    bottom = Math.max(bottom, last.top + last.height);
  }
  // The list is as tall as its longest column: nothing after it overlaps the photos or leaves a hole.
  expect(height).toBeCloseTo(bottom, 0);

  // Reading (and keyboard) order runs row by row: no card starts above the one before it.
  cards.slice(1).forEach((card, index) => {
    const before = cards[index]!;
    expect(card.top, "reading order").toBeGreaterThanOrEqual(before.top - 0.5);
    if (Math.abs(card.top - before.top) < 0.5) expect(card.left).toBeGreaterThan(before.left);
  });

  for (const { image, width } of cards) {
    // The whole photo in its own shape, never wider than the original (a 100 px original stays 100 px).
    expect(image.width / image.height).toBeCloseTo(image.storedWidth / image.storedHeight, 2);
    expect(image.width).toBeLessThanOrEqual(Math.min(width, image.storedWidth) + 0.5);
    expect(image.left).toBeGreaterThanOrEqual(-0.5);
    expect(image.left + image.width).toBeLessThanOrEqual(width + 0.5);
  }
}

/** Scrolls every thumbnail of the list into view and waits until it has loaded; its file has the stored shape. */
async function loadEveryThumbnail(page: Page, label: string) {
  const images = page.getByRole("list", { name: label }).locator("img");
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shape = await image.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth / img.naturalHeight,
      stored: Number(img.getAttribute("width")) / Number(img.getAttribute("height")),
    }));
    // The thumbnail is the original scaled (to at most 1024 px), so the same shape but for rounding.
    expect(Math.abs(shape.natural - shape.stored) / shape.stored).toBeLessThan(0.01);
  }
}

/** Counts layout shifts from the first paint (Chromium's Layout Instability API): the CLS of the page. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: number };
    state.layoutShift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) state.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

async function screenshot(page: Page, name: string) {
  // For a person to look at (GRID_SCREENSHOTS=folder); the assertions above are the test.
  const folder = process.env.GRID_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** Opens the page at each breakpoint's width (resizing, not reloading: the layout is CSS alone) and checks the grid. */
async function checkEveryWidth(page: Page, url: string, label: string, name: string) {
  await page.setViewportSize({ width: WIDTHS[0]!.width, height: 900 });
  await page.goto(`${server.baseURL}${url}`);
  await loadEveryThumbnail(page, label);
  for (const { width, columns } of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(async () => new Set((await measure(page, label)).cards.map((card) => Math.round(card.left))).size)
      .toBe(columns);
    expectMasonry(await measure(page, label), columns);
    await screenshot(page, `${name}-${width}`);
  }
}

test("the home page shows every photo whole, in 1 to 4 columns with no blank space", async ({ openContext }) => {
  const page = await (await openContext()).newPage();
  await watchLayoutShifts(page);
  await checkEveryWidth(page, "/", "Featured photos", "home");
  expect(await layoutShift(page), "nothing moved while the thumbnails loaded").toBe(0);
});

test("browse and the owner's year view keep the same promises; a keyboard move re-lays the cards", async ({
  openContext,
}) => {
  const page = await (await openContext({ storageState: rosaState })).newPage();
  await watchLayoutShifts(page);
  await checkEveryWidth(page, "/browse", "Photos", "browse");
  expect(await layoutShift(page)).toBe(0);

  const year = `Featured photos of ${thisYear}`;
  await checkEveryWidth(page, `/members/${rosa.username}/${thisYear}`, year, "year");
  // Still one list, one 'Move' handle per photo, in reading order.
  const list = page.getByRole("list", { name: year });
  const handles = list.getByRole("button", { name: /^Move / });
  await expect(handles).toHaveCount(FILES.length);
  await expect(handles.first()).toHaveAccessibleName(new RegExp(`position 1 of ${FILES.length}$`));
  const firstLink = async () => (await list.getByRole("link").first().getAttribute("href")) ?? "";
  const before = await firstLink();

  // With the keyboard: pick up the first photo, move it one place on, drop it; the masonry follows the new order.
  // dnd-kit announces each step in its live region; each key waits for the one before.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  const count = FILES.length;
  await handles.first().focus();
  await page.keyboard.press("Space");
  await expect(announcer).toHaveText(new RegExp(`^(Picked up .*|.* moved to) position 1 of ${count}\\.$`));
  await untilKeyboardDragListens(page);
  await page.keyboard.press("ArrowRight");
  await expect(announcer).toContainText(`moved to position 2 of ${count}`);
  await page.keyboard.press("Space");
  await expect(announcer).toContainText(`dropped at position 2 of ${count}`);
  await expect.poll(firstLink).not.toBe(before);
  await expect(page.getByText("Saving the new order...")).toHaveCount(0);
  expectMasonry(await measure(page, year), 4);
  await page.reload();
  expect(await firstLink()).not.toBe(before);
  expectMasonry(await measure(page, year), 4);
});

test("without JavaScript the grid is laid out the same", async ({ openContext }) => {
  const context = await openContext({ javaScriptEnabled: false, storageState: rosaState });
  const page = await context.newPage();
  await checkEveryWidth(page, "/browse", "Photos", "browse-no-js");
});
