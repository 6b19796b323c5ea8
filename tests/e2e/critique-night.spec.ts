// A whole critique night, end to end, as a club runs it: Hal, an
// admin, schedules an anonymous meeting; Bea, Cal and Dee each submit a photo
// and rate the others'. Four windows are open at once: Hal's meeting page and,
// beside it, the presenter's screen he shares on the call, and Bea's and Cal's
// meeting pages. Before the reveal nobody's window names an author (the
// presenter says 'Anonymous'); Hal reveals the names and every open window
// shows them without a reload; the results name the photo of the night with
// its author; every member's recap e-mail has gone out once, with the top
// three and a link to the results. Each step's own details (following the
// lead, the hidden-name scan of every answer, the ranking's ties) have their
// own specs and tests: this one is the night in one piece.
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { api, logInContext, submitToMeeting } from "./support/club-api";
import { MAIL_TIMEOUT, type MemberDetails } from "./support/club-server";
import { memberDetails } from "./support/members";
import { useClubServer } from "./support/use-club-server";
import { clickAndConfirm, untilHydrated } from "./support/ui";

const hal = memberDetails("hal_hosts", "Hal", "Hostman", true);
const bea = memberDetails("bea_night", "Bea", "Nightly");
const cal = memberDetails("cal_night", "Cal", "Nocturne");
const dee = memberDetails("dee_night", "Dee", "Dusk");
const server = useClubServer({ name: "critique-night", members: [hal, bea, cal, dee] });

async function contextOf(browser: Browser, member: MemberDetails): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  await logInContext(context, member);
  return context;
}

/** The e-mails saved so far whose subject starts so (no mail server here: each e-mail is a file in the data folder). */
async function mailsSaved(subjectStart: string): Promise<ParsedMail[]> {
  const mailDir = path.join(server.dataDir, "mail");
  if (!fs.existsSync(mailDir)) return [];
  const mails = await Promise.all(
    fs.readdirSync(mailDir).map(async (file) => simpleParser(fs.readFileSync(path.join(mailDir, file)))),
  );
  return mails.filter((mail) => mail.subject?.startsWith(subjectStart));
}

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

const namesOf = [bea, cal, dee].map((member) => `${member.firstName} ${member.lastName}`);
const anyName = new RegExp(namesOf.join("|"));

test("anonymous review, the presenter's screen, the reveal, the results and the recap", async ({ browser }) => {
  test.setTimeout(180_000);
  const [host, b, c, d] = await Promise.all([hal, bea, cal, dee].map((member) => contextOf(browser, member)));

  // Hal schedules the night; each member submits a photo with a caption of its own.
  const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const meeting = await api<{ id: number; anonymous: boolean }>(host!, "post", "/api/meetings", {
    startsAt: `${day}T19:00`,
    topic: "Night critique\nOne photo each, no names until the end.",
    anonymous: true,
  });
  expect(meeting.anonymous).toBe(true);
  const photoOf: Record<string, number> = {};
  for (const [context, file, name] of [
    [b!, "Canon_40D.jpg", "bea"],
    [c!, "Nikon_D70.jpg", "cal"],
    [d!, "Pentax_K10D.jpg", "dee"],
  ] as const) {
    const { Photo } = await submitToMeeting(context, meeting.id, file);
    photoOf[name] = Photo.id;
    await api(context, "patch", `/api/photos/${Photo.id}`, { caption: `Lights ${name}` });
  }
  // Everyone rates the others' photos: Cal's is the photo of the night (5, 5, 5), then Dee's, then Bea's.
  const marks: [BrowserContext, string, number][] = [
    [host!, "cal", 5],
    [b!, "cal", 5],
    [d!, "cal", 5],
    [host!, "dee", 4],
    [b!, "dee", 4],
    [c!, "dee", 3],
    [host!, "bea", 2],
    [c!, "bea", 3],
    [d!, "bea", 2],
  ];
  for (const [context, name, value] of marks) {
    await api(context, "post", `/api/photos/${photoOf[name]}/rate`, { value });
  }

  // The four windows: Hal's meeting page and his presenter's screen, Bea's and Cal's meeting pages.
  const hostPage = await host!.newPage();
  await hostPage.goto(`/meetings/${meeting.id}`);
  await untilHydrated(hostPage);
  const screen = await host!.newPage();
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await screen.goto(`/meetings/${meeting.id}/present`);
  // The presenter's screen has no navbar: it says it runs on its own.
  await expect(screen.locator(".presenter.hydrated")).toHaveCount(1);
  const beaPage = await b!.newPage();
  await beaPage.goto(`/meetings/${meeting.id}`);
  await untilHydrated(beaPage);
  const calPage = await c!.newPage();
  await calPage.goto(`/meetings/${meeting.id}`);
  await untilHydrated(calPage);

  // Before the reveal: no window names an author; the owner sees her own photo as hers.
  await expect(screen.getByTestId("presenter-position")).toHaveText("1 / 3");
  await expect(screen.getByTestId("presenter-author")).toHaveText("Anonymous");
  await screen.keyboard.press("ArrowRight");
  await expect(screen.getByTestId("presenter-position")).toHaveText("2 / 3");
  await expect(screen.getByTestId("presenter-author")).toHaveText("Anonymous");
  for (const page of [hostPage, beaPage, calPage, screen]) await expect(page.getByText(anyName)).toHaveCount(0);
  const group = beaPage.getByRole("region", { name: /Anonymous review/ });
  await expect(group.getByRole("listitem")).toHaveCount(3);
  await expect(group.getByText("Your photo")).toHaveCount(1);
  const resultsBefore = await api<{ results: { Photo: { id: number }; User: unknown; UserId: unknown }[] }>(
    c!,
    "get",
    `/api/meetings/${meeting.id}/results`,
  );
  expect(resultsBefore.results).toHaveLength(3);
  // Cal sees his own photo as his, and no one else's author.
  for (const row of resultsBefore.results) {
    if (row.Photo.id === photoOf.cal) expect(row).toMatchObject({ User: { username: cal.username } });
    else expect(row).toMatchObject({ User: null, UserId: null });
  }
  expect(await mailsSaved("Results: Night critique")).toHaveLength(0);

  const shownBefore = await screen.locator(".presenter-stage img").getAttribute("src");
  expect(shownBefore).toMatch(/^\/media\/photos\/\d+\/large/);

  // Hal reveals the names: every open window shows them, none reloaded.
  const question = await clickAndConfirm(hostPage, hostPage.getByRole("button", { name: "Reveal names" }));
  expect(question).toContain("Reveal who submitted each photo?");
  await expect(hostPage.getByText("The names are revealed.")).toBeVisible();
  for (const page of [hostPage, beaPage, calPage]) {
    for (const name of namesOf) await expect(page.getByRole("heading", { name: new RegExp(name) })).toBeVisible();
  }
  // The screen keeps the photo it showed, at its place in the night's order.
  await expect(screen.getByTestId("presenter-author")).toHaveText(/^(Bea Nightly|Cal Nocturne|Dee Dusk)$/);
  await expect(screen.locator(".presenter-stage img")).toHaveAttribute("src", shownBefore!);
  await expect(screen.getByTestId("presenter-position")).toHaveText("2 / 3");

  // The results: Cal's photo is the photo of the night, named; then Dee's and Bea's.
  const results = await calPage.goto(`/meetings/${meeting.id}/results`);
  expect(results?.status()).toBe(200);
  const night = calPage.getByRole("article", { name: "Photo of the night" });
  await expect(night.getByText("Lights cal")).toBeVisible();
  await expect(night.getByText("Cal Nocturne")).toBeVisible();
  const ranked = await api<{
    results: { rank: number; photoOfTheNight: boolean; Photo: { id: number }; User: unknown }[];
  }>(c!, "get", `/api/meetings/${meeting.id}/results`);
  expect(ranked.results.map((row) => row.Photo.id)).toEqual([photoOf.cal, photoOf.dee, photoOf.bea]);
  expect(ranked.results[0]).toMatchObject({ rank: 1, photoOfTheNight: true, User: { username: cal.username } });

  // The recap: one e-mail to each of the four members (sent after the reveal's commit), with the top three.
  await expect
    .poll(async () => (await mailsSaved("Results: Night critique")).length, { timeout: MAIL_TIMEOUT })
    .toBe(4);
  const recaps = await mailsSaved("Results: Night critique");
  expect(recaps.map(addressOf).sort()).toEqual([hal, bea, cal, dee].map((member) => member.email).sort());
  for (const mail of recaps) {
    for (const caption of ["Lights cal", "Lights dee", "Lights bea"]) expect(mail.text).toContain(caption);
    expect(mail.text).toContain(`/meetings/${meeting.id}/results`);
    expect(mail.html).toContain("Lights cal");
  }
  await Promise.all([host, b, c, d].map((context) => context!.close()));
});
