// A meeting's results and the season's standings in the browser:
// Bea and Cal submit to a meeting, the others rate; after the
// night Bea opens 'Results' from the meeting page: the photo of the night
// first, then the others ranked with their marks, every link going to the
// photo in its meeting. From /meetings 'Standings' shows the season's table and
// the 'Photos of the year'. Axe on both; screenshots at 1280 and 390 px. An
// anonymous meeting's results say 'Anonymous' until Ada reveals the names, and
// an open results page then shows them without a reload.
import path from "node:path";
import { expectAccessible } from "./support/axe";
import postgres from "postgres";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext, submitToMeeting } from "./support/club-api";
import type { MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { pageTitle, untilHydrated } from "./support/ui";

const ada = memberDetails("ada_host", "Ada", "Host", true);
const bea = memberDetails("bea_shoots", "Bea", "Shutter");
const cal = memberDetails("cal_frames", "Cal", "Frame");
const dot = memberDetails("dot_rates", "Dot", "Rater");

let databaseUrl = "";
const server = useClubServer({
  name: "results",
  members: [ada, bea, cal, dot],
  beforeStart: async (url) => {
    databaseUrl = url;
  },
});

const screenshotPath = (name: string) => path.join(process.cwd(), "test-results", "results", name);
let meetingId: number;
let year: number;
const photo: Record<string, number> = {};

test.describe.configure({ mode: "serial" });

async function contextOf(browser: Browser, member: MemberDetails): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await logInContext(context, member);
  return context;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const [host, b, c, d] = (await Promise.all([ada, bea, cal, dot].map((member) => contextOf(browser, member)))) as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  meetingId = (
    await api<{ id: number }>(host, "post", "/api/meetings", { startsAt: `${day}T19:00`, topic: "Harbour lights" })
  ).id;
  const submit = async (context: BrowserContext, file: string, caption: string) => {
    const { Photo } = await submitToMeeting(context, meetingId, file);
    await api(context, "patch", `/api/photos/${Photo.id}`, { caption });
    photo[caption] = Photo.id;
  };
  await submit(b, "Canon_40D.jpg", "Lamplight");
  await submit(c, "Nikon_D70.jpg", "Crane at dusk");
  await submit(b, "Pentax_K10D.jpg", "Wet quay");
  const rate = (context: BrowserContext, caption: string, value: number) =>
    api(context, "post", `/api/photos/${photo[caption]}/rate`, { value });
  // Crane: 5, 5, 4 (4.7 from 3); Lamplight: 5, 4 (4.5 from 2); Wet quay: 3 (Bea's own 5 left out).
  await rate(host, "Crane at dusk", 5);
  await rate(d, "Crane at dusk", 5);
  await rate(b, "Crane at dusk", 4);
  await rate(host, "Lamplight", 5);
  await rate(c, "Lamplight", 4);
  await rate(d, "Wet quay", 3);
  await rate(b, "Wet quay", 5);
  await api(d, "post", "/api/comments", { PhotoId: photo["Crane at dusk"], body: "The crane's line makes it." });
  // The night is over: the meeting moves to three hours ago (the results are no longer provisional).
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [moved] = await sql<{ starts_at: Date }[]>`
      update meetings set starts_at = now() - interval '3 hours' where id = ${meetingId} returning starts_at`;
    year = moved!.starts_at.getFullYear();
  } finally {
    await sql.end();
  }
  await Promise.all([host, b, c, d].map((context) => context.close()));
});

/**
 * Resolves when the page's socket has joined the review namespace: socket.io's
 * CONNECT answer ('40/review,...'), over long-polling or the WebSocket.
 */
function reviewSocketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("response", (response) => {
      if (!response.url().includes("/socket.io/")) return;
      response
        .text()
        .then((body) => body.includes("40/review") && resolve())
        .catch(() => undefined);
    });
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).startsWith("40/review")) resolve();
      }),
    );
  });
}

/**
 * The results or standings page at `width` px as a whole: nothing wider than
 * the screen, every picture of it loaded, axe clean; then its screenshot.
 */
async function expectWholeScreen(page: Page, name: "results" | "standings", width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const image of await page.locator(`.${name}-page img`).all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, `${name} at ${width} px`);
  await page.screenshot({ path: screenshotPath(`${name}-${width}.png`), fullPage: true });
}

async function logIn(page: Page, member: MemberDetails) {
  await logInContext(page.context(), member);
}

test("a member opens the meeting's results: the photo of the night, then the others ranked with their marks", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const tab = await context.newPage();
  await logIn(tab, bea);
  for (const width of [1280, 390]) {
    await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await tab.goto(`/meetings/${meetingId}`);
    await tab.getByRole("link", { name: "Results", exact: true }).click();
    await expect(tab).toHaveURL(`${server.baseURL}/meetings/${meetingId}/results`);
    await expect(tab).toHaveTitle(pageTitle("Results · Harbour lights"));
    await expect(tab.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();

    const night = tab.getByRole("article", { name: "Photo of the night" });
    await expect(night).toContainText("Crane at dusk");
    await expect(night).toContainText("Cal Frame");
    await expect(night).toContainText("4.7");
    await expect(night).toContainText("3 ratings · 1 comment");
    await expect(night.getByRole("link", { name: "Crane at dusk" })).toHaveAttribute(
      "href",
      `/meetings/${meetingId}/${photo["Crane at dusk"]}`,
    );
    await expect(night.locator("img")).toHaveJSProperty("complete", true);

    const rows = tab.getByRole("region", { name: "The other photos, ranked" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Place 2: Lamplight");
    await expect(rows.nth(0)).toContainText("Second");
    await expect(rows.nth(0)).toContainText("4.5");
    await expect(rows.nth(0)).toContainText("2 ratings · 0 comments");
    await expect(rows.nth(1)).toContainText("Place 3: Wet quay");
    await expect(rows.nth(1)).toContainText("Third");
    await expect(rows.nth(1)).toContainText("3.0");
    await expect(rows.nth(1)).toContainText("1 rating · 0 comments");
    await expect(tab.getByRole("note")).toHaveCount(0);
    await expectWholeScreen(tab, "results", width);
  }

  // A row's picture opens the photo in its meeting.
  await tab.getByRole("link", { name: "Wet quay" }).click();
  await expect(tab).toHaveURL(`${server.baseURL}/meetings/${meetingId}/${photo["Wet quay"]}`);
  await context.close();
});

test("the season's standings: the table sorted by points, then the photos of the year", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const tab = await context.newPage();
  await logIn(tab, dot);
  for (const width of [1280, 390]) {
    await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await tab.goto("/meetings");
    await tab.getByRole("link", { name: "Standings", exact: true }).click();
    await expect(tab).toHaveURL(`${server.baseURL}/meetings/standings`);
    if (year !== new Date().getFullYear()) await tab.goto(`/meetings/standings?year=${year}`);
    await expect(tab.getByRole("heading", { level: 1, name: `Standings ${year}` })).toBeVisible();
    await expect(
      tab.getByRole("navigation", { name: "Years" }).getByRole("link", { name: String(year) }),
    ).toHaveAttribute("aria-current", "page");

    const table = tab.getByRole("table", { name: `Standings ${year}` });
    const rows = table.getByRole("row");
    // The header, then Cal (the photo of the night: 3 points, 4.7) above Bea (a second and a third: 2 + 1
    // points, 4.0 from 3 ratings): the same points, and Cal's average is higher.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toHaveText(
      /^1\s*Cal Frame\s*1 meeting · 1 photo\s*3\s*1\s*★ 4\.7 out of 5, from 3 ratings\s*1\s*1$/,
    );
    await expect(rows.nth(2)).toHaveText(
      /^2\s*Bea Shutter\s*1 meeting · 2 photos\s*3\s*2\s*★ 4\.0 out of 5, from 3 ratings\s*1\s*2$/,
    );
    await expect(tab.getByText("3, 2 and 1 points")).toBeVisible();

    const candidates = tab.getByRole("region", { name: "Photos of the year" }).getByRole("listitem");
    await expect(candidates).toHaveCount(3);
    await expect(candidates.nth(0)).toContainText("Crane at dusk");
    await expect(candidates.nth(0).getByRole("link", { name: "Harbour lights" })).toHaveAttribute(
      "href",
      `/meetings/${meetingId}/results`,
    );
    await expectWholeScreen(tab, "standings", width);
  }
  await context.close();
});

test("an anonymous meeting's results withhold the names until an admin reveals them, then show them at once", async ({
  browser,
}) => {
  const [host, b] = (await Promise.all([ada, bea].map((member) => contextOf(browser, member)))) as [
    BrowserContext,
    BrowserContext,
  ];
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { id } = await api<{ id: number }>(host, "post", "/api/meetings", {
    startsAt: `${day}T19:00`,
    topic: "Blind judging",
    anonymous: true,
  });
  const { Photo } = await submitToMeeting(b, id, "Canon_40D.jpg");
  await api(host, "post", `/api/photos/${Photo.id}/rate`, { value: 4 });

  const context = await browser.newContext({ baseURL: server.baseURL });
  const tab = await context.newPage();
  await logIn(tab, dot);
  const watching = reviewSocketConnected(tab);
  await tab.goto(`/meetings/${id}/results`);
  await expect(tab.getByRole("note").filter({ hasText: "names stay hidden" })).toBeVisible();
  const night = tab.getByRole("article", { name: "Photo of the night" });
  await expect(night).toContainText("Anonymous");
  await expect(tab.locator("body")).not.toContainText("Bea Shutter");
  // The page watches for the reveal (its socket joined the review namespace) before the host reveals.
  await watching;

  const revealed = await host.request.post(`/api/meetings/${id}/reveal`);
  expect(revealed.status()).toBe(200);
  await expect(night).toContainText("Bea Shutter");
  await expect(tab.getByRole("note").filter({ hasText: "names stay hidden" })).toHaveCount(0);
  await Promise.all([host, b, context].map((c) => c.close()));
});

test("photos with the same marks share a place: 'Joint first' twice, then third", async ({ browser }) => {
  const [host, b, c, d] = (await Promise.all([ada, bea, cal, dot].map((member) => contextOf(browser, member)))) as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { id } = await api<{ id: number }>(host, "post", "/api/meetings", {
    startsAt: `${day}T19:00`,
    topic: "Level pegging",
  });
  const submitted: Record<string, number> = {};
  for (const [context, file, caption] of [
    [b, "Canon_40D.jpg", "Tide line"],
    [c, "Nikon_D70.jpg", "Gull"],
    [b, "Pentax_K10D.jpg", "Nets"],
  ] as const) {
    const { Photo } = await submitToMeeting(context, id, file);
    await api(context, "patch", `/api/photos/${Photo.id}`, { caption });
    submitted[caption] = Photo.id;
  }
  // Tide line and Gull: 5 and 4 each (4.5 from 2); Nets: 4 from 2.
  for (const [context, caption, value] of [
    [host, "Tide line", 5],
    [d, "Tide line", 4],
    [host, "Gull", 4],
    [d, "Gull", 5],
    [host, "Nets", 4],
    [d, "Nets", 4],
  ] as const) {
    await api(context, "post", `/api/photos/${submitted[caption]}/rate`, { value });
  }

  const tab = await d.newPage();
  for (const width of [1280, 390]) {
    await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await tab.goto(`/meetings/${id}/results`);
    const firsts = tab.getByRole("article", { name: "Joint first" });
    await expect(firsts).toHaveCount(2);
    await expect(firsts.nth(0)).toContainText("Tide line");
    await expect(firsts.nth(1)).toContainText("Gull");
    await expect(tab.getByRole("article", { name: "Photo of the night" })).toHaveCount(0);
    const rows = tab.getByRole("region", { name: "The other photos, ranked" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText("Place 3: Nets");
    await expect(rows.nth(0)).toContainText("Third");
    await expect(rows.nth(0)).toHaveAttribute("value", "3");
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const image of await tab.locator(".results-page img").all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty("complete", true);
    }
    await tab.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(tab, `joint first at ${width} px`);
    await tab.screenshot({ path: screenshotPath(`joint-first-${width}.png`), fullPage: true });
  }
  await Promise.all([host, b, c, d].map((context) => context.close()));
});

test("an admin sets the placing points on the club's settings", async ({ browser }) => {
  const context = await contextOf(browser, ada);
  const tab = await context.newPage();
  await tab.goto("/admin/club");
  await untilHydrated(tab);
  const form = tab.getByRole("region", { name: "Placing points" });
  await expect(form.getByLabel("First place")).toHaveValue("3");
  await expect(form.getByLabel("Second place")).toHaveValue("2");
  await expect(form.getByLabel("Third place")).toHaveValue("1");
  await form.getByLabel("Second place").fill("4");
  await form.getByRole("button", { name: "Save points" }).click();
  await expect(form.getByText("A second place cannot be worth more than a first.")).toBeVisible();
  // The club's name keeps its own form, untouched.
  await expect(tab.getByText("Club name is required.")).toHaveCount(0);
  await form.getByLabel("First place").fill("5");
  await form.getByRole("button", { name: "Save points" }).click();
  await expect(tab.getByRole("status")).toContainText("Placing points saved: 5, 4 and 1.");
  for (const width of [1280, 390]) {
    await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await tab.screenshot({ path: screenshotPath(`placing-points-${width}.png`), fullPage: true });
  }
  await tab.goto(`/meetings/standings?year=${year}`);
  await expect(tab.getByText("5, 4 and 1 points")).toBeVisible();
  await context.close();
});
