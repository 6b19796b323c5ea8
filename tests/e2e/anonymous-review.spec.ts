// Anonymous review in the browser: Ada (admin) schedules an
// anonymous meeting with the form's checkbox; Bea and Cal submit. Before the
// reveal, Bea sees her own photo as hers, Cal sees one nameless group, and
// Ada's screen (the host's, shared on the call) names nobody either. Ada
// reveals the names; Cal's open meeting page shows them without a reload.
// Without JavaScript the reveal is asked in place and posted as a plain form.
// Screenshots of the anonymous meeting page at 1280 and 390 px.
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext, memberContext, submitToMeeting } from "./support/club-api";
import type { MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clickAndConfirm, untilHydrated } from "./support/ui";

const ada = memberDetails("ada_anon", "Ada", "Hostess", true);
const bea = memberDetails("bea_anon", "Bea", "Beaumont");
const cal = memberDetails("cal_anon", "Cal", "Calloway");

const server = useClubServer({ name: "anonymous-review", members: [ada, bea, cal] });

const screenshotPath = (name: string) => path.join(process.cwd(), "test-results", "anonymous-review", name);

test.describe.configure({ mode: "serial" });

const contextOf = (browser: Browser, member: MemberDetails, width = 1280) =>
  memberContext(browser, server.baseURL, member, width);

let meetingId: number;

test("an admin schedules an anonymous meeting with the form's checkbox", async ({ browser }) => {
  const host = await contextOf(browser, ada);
  const page = await host.newPage();
  await page.goto("/meetings/new");
  await untilHydrated(page);
  const day = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel("Date/Time").fill(`${day}T19:00`);
  await page.getByLabel("Topic").fill("Blind critique\nNo names until the end.");
  await page.getByLabel("Anonymous review (names hidden until revealed)").check();
  await page.getByRole("button", { name: "Create Meeting" }).click();
  await expect(page.getByText("Meeting created!")).toBeVisible();
  // The Date/Time link is stretched over the row (meetings.spec).
  await page.getByRole("table", { name: "Next Meeting" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Blind critique" })).toBeVisible();
  meetingId = Number(/\/meetings\/(\d+)/.exec(page.url())![1]);
  const meeting = await api<{ anonymous: boolean; revealedAt: string | null }>(
    host,
    "get",
    `/api/meetings/${meetingId}`,
  );
  expect(meeting).toMatchObject({ anonymous: true, revealedAt: null });

  const [b, c] = await Promise.all([contextOf(browser, bea), contextOf(browser, cal)]);
  await submitToMeeting(b, meetingId, "Canon_40D.jpg");
  await submitToMeeting(b, meetingId, "Pentax_K10D.jpg");
  await submitToMeeting(c, meetingId, "Nikon_D70.jpg");
  await Promise.all([host.close(), b.close(), c.close()]);
});

test("before the reveal: the owner sees hers, the others and the host see no names; the reveal shows them at once", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [host, owner, other] = await Promise.all([
    contextOf(browser, ada),
    contextOf(browser, bea),
    contextOf(browser, cal),
  ]);
  const group = (page: import("@playwright/test").Page) => page.getByRole("region", { name: /Anonymous review/ });

  const bPage = await owner.newPage();
  await bPage.goto(`/meetings/${meetingId}`);
  await expect(group(bPage).getByText("Your photo")).toHaveCount(2);
  await expect(bPage.getByText(/Cal Calloway/)).toHaveCount(0);

  const cPage = await other.newPage();
  await cPage.goto(`/meetings/${meetingId}`);
  await untilHydrated(cPage);
  await expect(group(cPage).getByRole("listitem")).toHaveCount(3);
  await expect(group(cPage).getByText("Your photo")).toHaveCount(1);
  await expect(cPage.getByText(/Bea Beaumont/)).toHaveCount(0);
  await expect(cPage.getByRole("button", { name: "Reveal names" })).toHaveCount(0);
  // A photo of Bea's, opened: no name, no camera.
  const firstNotMine = group(cPage)
    .getByRole("listitem")
    .filter({ hasNot: cPage.getByText("Your photo") })
    .first();
  await firstNotMine.getByRole("link").first().click();
  await expect(cPage.getByText("Anonymous (until the names are revealed)")).toBeVisible();
  await expect(cPage.getByText(/Bea Beaumont/)).toHaveCount(0);
  await cPage.goto(`/meetings/${meetingId}`);
  await untilHydrated(cPage);

  const aPage = await host.newPage();
  await aPage.goto(`/meetings/${meetingId}`);
  await untilHydrated(aPage);
  await expect(group(aPage).getByRole("listitem")).toHaveCount(3);
  await expect(aPage.getByText(/Bea Beaumont|Cal Calloway/)).toHaveCount(0);
  await aPage.screenshot({ path: screenshotPath("anonymous-meeting-1280.png"), fullPage: true });

  const phone = await contextOf(browser, cal, 390);
  const phonePage = await phone.newPage();
  await phonePage.goto(`/meetings/${meetingId}`);
  await expect(group(phonePage)).toBeVisible();
  await phonePage.screenshot({ path: screenshotPath("anonymous-meeting-390.png"), fullPage: true });
  await phone.close();

  const question = await clickAndConfirm(aPage, aPage.getByRole("button", { name: "Reveal names" }));
  expect(question).toContain("Reveal who submitted each photo?");
  await expect(aPage.getByText("The names are revealed.")).toBeVisible();
  await expect(aPage.getByRole("heading", { name: /Bea Beaumont/ })).toBeVisible();

  // Cal's page, open all along, shows the names without a reload.
  await expect(cPage.getByRole("heading", { name: /Bea Beaumont/ })).toBeVisible();
  await expect(cPage.getByRole("heading", { name: /Cal Calloway/ })).toBeVisible();
  await expect(group(cPage)).toHaveCount(0);
  await cPage.screenshot({ path: screenshotPath("revealed-meeting-1280.png"), fullPage: true });
  await Promise.all([host.close(), owner.close(), other.close()]);
});

test("without JavaScript 'Reveal names' asks in place and reveals with a plain form", async ({ browser }) => {
  const setup = await contextOf(browser, ada);
  const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const { id } = await api<{ id: number }>(setup, "post", "/api/meetings", {
    startsAt: `${day}T19:00`,
    topic: "Second blind night",
    anonymous: true,
  });
  const b = await contextOf(browser, bea);
  await submitToMeeting(b, id, "Canon_40D.jpg");
  await Promise.all([setup.close(), b.close()]);

  const host = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  await logInContext(host, ada);
  const page = await host.newPage();
  await page.goto(`/meetings/${id}`);
  await expect(page.getByText(/Bea Beaumont/)).toHaveCount(0);
  // ConfirmButton's <details>: the question opens in place, and its button posts the form.
  await page.locator("summary", { hasText: "Reveal names" }).click();
  await expect(page.getByText("Reveal who submitted each photo?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, Reveal names" }).click();
  await expect(page.getByText("The names are revealed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Bea Beaumont/ })).toBeVisible();
  await host.close();
});
