// Light pages: a phone in one column fetches the
// 768 px thumbnail, not the stored 1,024 px one; a grid's first screen is
// fetched at once and the rest only when scrolled near; the photo detail's
// large image is chosen by the screen's width, and the detail does not move
// while its image loads and its script starts (the 'Full screen' button
// appearing used to push the page down on a phone).
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, Route } from "@playwright/test";
import { expect, test, type Page } from "./support/fixtures";
import { logInContext, uploadPhoto } from "./support/club-api";
import { memberDetails } from "./support/members";
import { layoutShift, untilHydrated } from "./support/ui";
import { useClubServer } from "./support/use-club-server";
import { pageScripts } from "../../bench/script-weight";
import { WAIT_MS } from "../../app/server/first-photo-first.server";

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

test.describe("on a 390 px phone (DPR 2)", () => {
  test("the grid's first photo is fetched at once, the wide photo's 768 px copy, the rest when scrolled near", async ({
    openContext,
  }) => {
    const page = await lenasPage(openContext, PHONE);
    await page.goto("/browse");
    const images = page.getByRole("list", { name: "Photos" }).locator("img");
    await expect(images).toHaveCount(FILES.length + 1);
    const loading = await images.evaluateAll((all) => all.map((img) => img.getAttribute("loading")));
    expect(loading).toEqual(["eager", "lazy", "lazy", "lazy", "lazy", "lazy"]);
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    // The rest of the first row is preloaded only where the screen puts it in the first row.
    const preloads = page.locator('link[rel="preload"][as="image"]');
    expect(await preloads.evaluateAll((all) => all.map((link) => link.getAttribute("media")))).toEqual([
      null,
      "(min-width: 560px)",
      "(min-width: 860px)",
      "(min-width: 1100px)",
    ]);
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

test.describe("the script a page loads first", () => {
  test("the grids leave the detail's code out until it is needed; home and /browse stay near the framework's", async ({
    openContext,
  }) => {
    // From the build's manifest: React and React Router take about 112 KB of the 100 KB budget on their own.
    const pages = pageScripts("build/client");
    for (const page of pages.filter((page) => !page.name.startsWith("the photo detail")))
      expect(
        page.files.some((file) => /\/photo-detail-[\w-]+\.js$/.test(file)),
        page.name,
      ).toBe(false);
    // Nor the owner's reorderable year (dnd-kit): a gallery is a plain grid for everyone else.
    const gallery = pages.find((page) => page.name === "a member's gallery")!;
    expect(gallery.files.some((file) => /\/sortable-year-grid-[\w-]+\.js$/.test(file))).toBe(false);
    for (const page of pages.filter((page) => page.name === "home page" || page.name === "/browse"))
      expect(page.bytes - page.framework, page.name).toBeLessThanOrEqual(16 * 1024);
    // In the browser: /browse fetches the detail's chunk only when a pointer reaches a photo.
    const page = await lenasPage(openContext, DESKTOP);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/browse", { waitUntil: "networkidle" });
    expect(scripts.some((url) => /\/photo-detail-[\w-]+\.js$/.test(url))).toBe(false);
    await page.getByRole("list", { name: "Photos" }).locator("a").first().hover();
    await expect.poll(() => scripts.some((url) => /\/photo-detail-[\w-]+\.js$/.test(url))).toBe(true);
  });
});

test.describe("the forms' code loads when a form is used", () => {
  test("no meeting-night page loads zod first; the detail's edit form comes with Edit, and whole on its own address", async ({
    openContext,
  }) => {
    // zod (its ZodError, however the chunks are named) is in no page's first scripts.
    for (const page of pageScripts("build/client"))
      for (const file of page.files)
        expect(fs.readFileSync(path.join("build/client", file), "utf8"), `${page.name}: ${file}`).not.toContain(
          "ZodError",
        );

    const page = await lenasPage(openContext, DESKTOP);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const editFormCode = () => scripts.some((url) => /\/photo-edit-form-[\w-]+\.js$/.test(url));
    await page.goto(`/browse/${wideId}`, { waitUntil: "networkidle" });
    await untilHydrated(page);
    expect(editFormCode()).toBe(false);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const form = page.getByRole("form", { name: "Edit photo" });
    await expect(form.getByLabel("Caption")).toBeVisible();
    expect(editFormCode()).toBe(true);

    // Opened on the form's own address, the page holds the whole form, and it saves once the script runs.
    await page.goto(`/browse/${wideId}?editPhoto=${wideId}`);
    await untilHydrated(page);
    await form.getByLabel("Caption").fill("Wide street at noon");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Photo updated!" })).toBeVisible();
  });
});

test.describe("the first photo before the scripts", () => {
  /**
   * Lena's /browse on a phone with every thumbnail held until `release`, and the page's wait for
   * them (WAIT_MS) held too, until `endWait` (on a busy machine 3 s pass before a test acts); the
   * scripts and the releases in order. Playwright's own clock would stop the performance marks.
   */
  async function browseWithPhotosHeld(openContext: Parameters<typeof lenasPage>[0]) {
    const page = await lenasPage(openContext, PHONE);
    await page.addInitScript((waitMs) => {
      const setTimer = window.setTimeout;
      const held: (() => void)[] = [];
      Object.assign(window, { endWait: () => held.splice(0).forEach((run) => run()) });
      // The page's first timer of WAIT_MS is its wait for the photo: held; every other timer as it was.
      window.setTimeout = ((run: () => void, ms?: number) => {
        if (ms !== waitMs) return setTimer(run, ms);
        window.setTimeout = setTimer;
        held.push(run);
        return 0;
      }) as typeof window.setTimeout;
    }, WAIT_MS);
    const events: string[] = [];
    const held: Route[] = [];
    let released = false;
    await page.route("**/media/photos/*/thumb*", (route) => {
      if (released) return route.continue();
      held.push(route);
      events.push("photo asked");
    });
    page.on("request", (request) => {
      if (/\/assets\/.+\.js$/.test(request.url())) events.push("script");
    });
    await page.goto("/browse", { waitUntil: "domcontentloaded" });
    await expect.poll(() => events.includes("photo asked")).toBe(true);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("scripts waiting").length)).toBe(1);
    const release = async () => {
      events.push("photos sent");
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    };
    const endWait = () => page.evaluate(() => (window as unknown as { endWait: () => void }).endWait());
    return { page, events, release, endWait };
  }

  /** What started the page's scripts, as first-photo-first.server.ts marks it. */
  const whyScriptsStarted = (page: Page) =>
    page.evaluate(() => (performance.getEntriesByName("scripts started")[0] as PerformanceMark | undefined)?.detail);

  test("the page's scripts are fetched once its first photo has arrived, and then it runs", async ({ openContext }) => {
    const { page, events, release } = await browseWithPhotosHeld(openContext);
    // The page is the server's HTML meanwhile: its module links are held, no script is asked for.
    await expect(page.locator('link[rel="held-modulepreload"]').first()).toBeAttached();
    expect(events.filter((event) => event === "script")).toEqual([]);
    await release();
    await untilHydrated(page);
    expect(events.indexOf("script")).toBeGreaterThan(events.indexOf("photos sent"));
    expect(await whyScriptsStarted(page)).toBe("first photo arrived");
  });

  test("a member who acts before the photo arrives gets the scripts at once", async ({ openContext }) => {
    const { page, events, release } = await browseWithPhotosHeld(openContext);
    await page.keyboard.press("Tab");
    await untilHydrated(page);
    expect(events).not.toContain("photos sent");
    expect(await whyScriptsStarted(page)).toBe("member acted");
    await release();
  });

  test("a photo that does not come holds the scripts 3 s at most", async ({ openContext }) => {
    const { page, events, release, endWait } = await browseWithPhotosHeld(openContext);
    expect(events).not.toContain("script");
    await endWait();
    await untilHydrated(page);
    expect(events).not.toContain("photos sent");
    expect(await whyScriptsStarted(page)).toBe("waited long enough");
    await release();
  });
});

test.describe("the full-screen viewer on a 390 px phone (DPR 2)", () => {
  test("starts from the 768 px copy and asks for a wider one only when zooming in needs it", async ({
    openContext,
  }) => {
    const page = await lenasPage(openContext, PHONE);
    const large: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/media/photos/${wideId}/large`)) large.push(new URL(request.url()).search);
    });
    await page.goto(`/browse/${wideId}?view=full`);
    const photo = page.getByTestId("viewer-stage").locator("img");
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // 390 px at DPR 2: the 768 px copy, never the stored 3,840 px file.
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/[?&]w=768$/);
    expect(large.every((search) => /[?&]w=768$/.test(search))).toBe(true);
    // Zoomed in to 2.44 times, the shown width wants about 1,900 px: the 1,920 px copy, and still not the stored one.
    for (let step = 0; step < 4; step++) await page.keyboard.press("+");
    await expect(page.getByTestId("viewer-stage")).toHaveAttribute("data-zoom", "2.44");
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/[?&]w=1920$/);
    expect(large.some((search) => !/[?&]w=\d+$/.test(search))).toBe(false);
    // Zoomed out again, the sharper copy stays: nothing narrower is fetched.
    const asked = large.length;
    await page.keyboard.press("0");
    await expect(page.getByTestId("viewer-stage")).toHaveAttribute("data-zoom", "1.00");
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/[?&]w=1920$/);
    expect(large.length).toBe(asked);
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
