// An outside judge's link: invited by e-mail, it opens the competition's
// entries by category and number without any member's name, scores them out of
// the competition's score, downloads the originals as one zip, and stops working
// when the results are published; publishing waits for every score.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { competitionJudges, meetings } from "@db/schema";
import { env } from "~/env.server";
import * as judgeApi from "~/routes/api/judge";
import * as judgeOriginals from "~/routes/api/judge.originals";
import * as judgeScores from "~/routes/api/judge.scores";
import * as judgesApi from "~/routes/api/meetings.judges";
import * as publishApi from "~/routes/api/meetings.publish";
import * as resultsApi from "~/routes/api/meetings.results";
import { closeMail } from "~/services/mail/mail.server";
import { recapsSettled } from "~/services/meetings/recaps.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { linksIn, startMailCatcher, type MailCatcher } from "../support/mail";
import { insertMeeting } from "../support/meetings";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";
import { readZip } from "../support/zip";

let mail: MailCatcher;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  mail = await startMailCatcher();
  process.env.SMTP_URL = mail.url;
  expect(env().SMTP_URL).toBe(mail.url);
});

afterAll(async () => {
  // Publishing sends each entrant's recap after its commit: sent before the mail server and database go.
  await recapsSettled();
  closeMail();
  await mail.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

const judge = {
  view: (token: string) => call(judgeApi.loader, request(`/api/judge/${token}`), { token }),
  score: (token: string, photoId: number, json: unknown) =>
    call(judgeScores.action, request(`/api/judge/${token}/scores/${photoId}`, { method: "PUT", json }), {
      token,
      photoId: String(photoId),
    }),
  originals: (token: string) => call(judgeOriginals.loader, request(`/api/judge/${token}/originals.zip`), { token }),
};

/** A competition of two categories, with four entries by three members, their originals stored. */
async function competitionWithEntries(scoreMax: 10 | 15 | 20 = 20) {
  const { meeting, categories } = await insertCompetition({ scoreMax }, [
    { name: "Colour", maxEntries: 2 },
    { name: "Mono", maxEntries: 2 },
  ]);
  const members = await Promise.all(["Ada", "Bea", "Cyd"].map((firstName) => makeMember({ firstName })));
  const titles = ["Doorway", "Rain/Bus", "Pigeons", "Shadows"];
  const owners = [members[0]!, members[1]!, members[2]!, members[0]!];
  const entries = [];
  for (const [index, title] of titles.entries()) {
    const photo = await insertPhoto(owners[index]!.id, { withFiles: true, caption: title, width: 2400, height: 1600 });
    const category = categories[index % 2]!;
    entries.push({ photo, category, entry: await enterDirectly(meeting.id, category.id, photo, index < 3 ? 1 : 2) });
  }
  return { meeting, categories, members, entries };
}

describe("inviting a judge", () => {
  it("e-mails a private link; the answer and the database hold no token, only its hash", async () => {
    const admin = await makeMember({ isAdmin: true });
    const { meeting } = await insertCompetition();
    const response = await call(
      judgesApi.action,
      request(`/api/meetings/${meeting.id}/judges`, {
        method: "POST",
        cookie: await cookieFor(admin.id),
        json: { name: "Fay Godwin", email: "Fay.Judge@example.com" },
      }),
      { meetingId: String(meeting.id) },
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "email", "id", "name"]);
    const message = await mail.waitForMail("fay.judge@example.com", { subject: /^Judging / });
    const link = linksIn(message).find((found) => found.includes("/judge/"))!;
    const token = link.split("/judge/")[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain(token);
    const [row] = await db().select().from(competitionJudges).where(eq(competitionJudges.id, body.id));
    expect(row!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect((await judge.view(token)).status).toBe(200);
  });

  it("refuses a critique night (409) and members (403)", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const critique = await insertMeeting();
    const invite = (cookie: string, meetingId: number) =>
      call(
        judgesApi.action,
        request(`/api/meetings/${meetingId}/judges`, {
          method: "POST",
          cookie,
          json: { name: "J", email: "j@example.com" },
        }),
        { meetingId: String(meetingId) },
      );
    expect((await invite(await cookieFor(admin.id), critique.id)).status).toBe(409);
    const { meeting } = await insertCompetition();
    expect((await invite(await cookieFor(member.id), meeting.id)).status).toBe(403);
  });
});

describe("the judge's link", () => {
  it("shows the entries by category, numbered, with titles and pictures, and no member's name anywhere", async () => {
    const { meeting, members } = await competitionWithEntries();
    const { token } = await insertJudge(meeting.id);
    const response = await judge.view(token);
    expect(response.status).toBe(200);
    const view = await response.json();
    expect(view.categories.map((category: { name: string }) => category.name)).toEqual(["Colour", "Mono"]);
    const entries = view.categories.flatMap((category: { entries: unknown[] }) => category.entries);
    expect(entries.map((entry: { number: number }) => entry.number).sort()).toEqual([1, 2, 3, 4]);
    expect(entries.map((entry: { title: string }) => entry.title).sort()).toEqual([
      "Doorway",
      "Pigeons",
      "Rain/Bus",
      "Shadows",
    ]);
    expect(entries[0].thumbUrl).toBe(`/judge/${token}/photos/${entries[0].photoId}/thumb`);
    const text = JSON.stringify(view);
    for (const member of members) {
      for (const word of [member.firstName, member.lastName, member.username, member.email])
        expect(text).not.toContain(word);
    }
    expect(text).not.toMatch(/UserId|"User"|avatar|createdAt|takenAt/);
  });

  it("scores out of the competition's score, and one competition's link never scores another's entry", async () => {
    const { meeting, entries } = await competitionWithEntries(10);
    const { token } = await insertJudge(meeting.id);
    const photoId = entries[0]!.photo.id;
    const over = await judge.score(token, photoId, { score: 11, critique: "" });
    expect(over.status).toBe(422);
    expect((await over.json()).errors).toEqual([{ path: "score", message: "Score must be at most 10." }]);
    const saved = await judge.score(token, photoId, { score: 9, critique: "Fine light.\r\nStrong diagonal." });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ photoId, score: 9, critique: "Fine light.\nStrong diagonal." });

    const other = await competitionWithEntries();
    const { token: otherToken } = await insertJudge(other.meeting.id);
    expect((await judge.score(otherToken, photoId, { score: 5 })).status).toBe(404);
    expect((await judge.view("A".repeat(43))).status).toBe(404);
  });

  it("downloads the originals as one zip: a folder per category, entries by number and title, the night's time", async () => {
    const { meeting } = await competitionWithEntries();
    const { token } = await insertJudge(meeting.id);
    const response = await judge.originals(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const files = await readZip(Buffer.from(await response.arrayBuffer()));
    const view = await (await judge.view(token)).json();
    const expected = view.categories.flatMap(
      (category: { name: string; entries: { number: number; title: string }[] }) =>
        category.entries.map(
          (entry) => `${category.name}/${String(entry.number).padStart(2, "0")} - ${entry.title.replace("/", " ")}.jpg`,
        ),
    );
    expect(files.map((file) => file.name)).toEqual(expected);
    for (const file of files) {
      expect(file.bytes.toString()).toBe("original bytes");
      // The competition's start (zip times have two-second steps), never when its member uploaded it.
      expect(Math.abs(file.modified.getTime() - meeting.startsAt.getTime())).toBeLessThanOrEqual(2000);
    }
  });
});

describe("publishing the results", () => {
  it("waits for every score, then ranks each category with awards, names the authors and closes the link", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const { meeting, entries, members } = await competitionWithEntries();
    const { token } = await insertJudge(meeting.id);
    const publish = () =>
      call(publishApi.action, request(`/api/meetings/${meeting.id}/publish`, { method: "POST", cookie }), {
        meetingId: String(meeting.id),
      });
    const results = (who: string) =>
      call(resultsApi.loader, request(`/api/meetings/${meeting.id}/results`, { cookie: who }), {
        meetingId: String(meeting.id),
      });

    await judge.score(token, entries[0]!.photo.id, { score: 18, critique: "Bold." });
    const early = await publish();
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(
      "The judge has scored 1 of 4 entries: publish once every entry has its score.",
    );
    const memberCookie = await cookieFor(members[1]!.id);
    expect((await results(memberCookie)).status).toBe(403);

    for (const [index, score] of [12, 18, 9].entries())
      await judge.score(token, entries[index + 1]!.photo.id, { score, critique: "" });
    const before = await (await results(cookie)).json();
    expect(before.published).toBe(false);
    expect(
      before.categories.flatMap((c: { results: { UserId: unknown }[] }) => c.results.map((r) => r.UserId)),
    ).toEqual([null, null, null, null]);

    const published = await publish();
    expect(published.status).toBe(200);
    const body = await published.json();
    expect(body.published).toBe(true);
    // Colour: Doorway (18) and Pigeons (18) share first; Mono: Rain/Bus (12), then Shadows (9).
    const colour = body.categories.find((c: { name: string }) => c.name === "Colour");
    expect(
      colour.results.map((r: { place: number; award: string; score: number }) => [r.place, r.award, r.score]),
    ).toEqual([
      [1, "1st", 18],
      [1, "1st", 18],
    ]);
    const mono = body.categories.find((c: { name: string }) => c.name === "Mono");
    expect(mono.results.map((r: { Photo: { caption: string }; award: string }) => [r.Photo.caption, r.award])).toEqual([
      ["Rain/Bus", "1st"],
      ["Shadows", "2nd"],
    ]);
    expect(mono.results[0].User.firstName).toBe("Bea");
    expect((await results(memberCookie)).status).toBe(200);
    expect((await judge.view(token)).status).toBe(410);
    expect((await judge.score(token, entries[0]!.photo.id, { score: 1 })).status).toBe(410);
    const [row] = await db().select().from(meetings).where(eq(meetings.id, meeting.id));
    expect(row!.revealedAt).not.toBeNull();
    expect((await publish()).status).toBe(409);
    // Each member's recap lists their entries with the judge's score and award.
    const recap = await mail.waitForMail(members[1]!.email, { subject: /^Results: / });
    expect(recap.text).toContain('"Rain/Bus" (Mono): 12 of 20, 1st');
    const adas = await mail.waitForMail(members[0]!.email, { subject: /^Results: / });
    expect(adas.text).toContain('"Doorway" (Colour): 18 of 20, 1st');
    expect(adas.text).toContain('"Shadows" (Mono): 9 of 20, 2nd');
  });
});
