// Light pages (issue 16 items 5 and 6): a phone in one column fetches the
// 768 px thumbnail, not the stored 1,024 px one; a grid's first screen is
// fetched at once and the rest only when scrolled near; the photo detail's
// large image is chosen by the screen's width, and the detail does not move
// while its image loads and its script starts (the 'Full screen' button
// appearing used to push the page down on a phone).
import type { BrowserContext, BrowserContextOptions } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { logInContext, uploadPhoto } from "./support/club-api";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";

const lena = memberDetails("lena_light", "Lena", "Light");
// Small originals and one wide phone photo (4,608 px), which has every narrower copy.
const FILES = ["Nikon_D70.jpg", "gps-DSCN0010.jpg", "orientation-landscape_3.jpg", "Pentax_K10D.jpg", "Canon_40D.jpg"];
const WIDE = "mobile-HMD_Nokia_8.3_5G.jpg";

const server = useClubServer({ name: "light-pages", members: [lena] });
let wideId = 0;
let lenaState: Awaited<ReturnType<BrowserContext["storageState"]>>;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Lena's browser of this shape, on this spec's club. */
async function lenasPage(openContext: (options?: BrowserContextOptions) => Promise<BrowserContext>, shape: object) {
  return (await openContext({ ...shape, baseURL: server.baseURL, storageState: lenaState })).newPage();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    await logInContext(context, lena);
    for (const file of FILES) await uploadPhoto(context, file);
    wideId = (await uploadPhoto(context, WIDE)).id;
    lenaState = await context.storageState();
  } finally {
    await context.close();
  }
});

/** The layout shifts the page has had so far (the Layout Instability API's sum, as CLS counts them). */
function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries are delivered in the observer's first callback, before this timer.
        setTimeout(() => resolve(sum), 100);
      }),
  );
}

test.describe("on a 390 px phone (DPR 2)", () => {
  test("the grid's first screen is fetched at once, the wide photo's 768 px copy, the rest when scrolled near", async ({
    openContext,
  }) => {
    const page = await lenasPage(openContext, PHONE);
    await page.goto("/browse");
    const images = page.getByRole("list", { name: "Photos" }).locator("img");
    await expect(images).toHaveCount(FILES.length + 1);
    const loading = await images.evaluateAll((all) => all.map((img) => img.getAttribute("loading")));
    expect(loading).toEqual(["eager", "eager", "eager", "eager", "lazy", "lazy"]);
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    const wide = page.locator(`img[src^="/media/photos/${wideId}/thumb"]`);
    await expect.poll(() => wide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // 358 px shown at DPR 2 wants 716 px: the 768 px copy, not the stored 1,024 px.
    expect(await wide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/[?&]w=768$/);
  });

  test("the photo detail takes the large size's 768 px copy and does not move as it loads", async ({ openContext }) => {
    const page = await lenasPage(openContext, PHONE);
    await page.goto(`/browse/${wideId}`);
    // The page runs (the button needs it) and the image has come.
    await expect(page.getByRole("link", { name: "Full screen" })).toBeVisible();
    const image = page.locator(".photo-detail-image img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/large(\?v=[\w-]+&|\?)w=768$/);
    expect(await layoutShift(page)).toBe(0);
  });
});

test.describe("on a 1,280 px desktop", () => {
  test("the photo detail does not move as it loads", async ({ openContext }) => {
    const page = await lenasPage(openContext, DESKTOP);
    await page.goto(`/browse/${wideId}`);
    await expect(page.getByRole("link", { name: "Full screen" })).toBeVisible();
    const image = page.locator(".photo-detail-image img");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await layoutShift(page)).toBe(0);
  });
});
