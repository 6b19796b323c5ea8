// The meeting screens' loaders and actions, per role: /meetings and
// its sections, the three meeting forms with their texts, destinations and
// 422s, deleting a meeting (and refusing one with submissions), the upload
// page's allowance and the member's own submissions, the meeting view with the
// `sort` cookie and a photo opened in place, and the account page's calendar
// address. A few pages are also rendered over HTTP, to check what a member reads.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings, meetingSubmissions, meetingTemplates, users } from "@db/schema";
import { toDateTimeInput } from "~/lib/club-time";
import { orderAuthorGroups } from "~/lib/meeting-order";
import {
  MEETING_CREATED_MESSAGE,
  MEETING_UPDATED_MESSAGE,
  NOT_ON_LIST_MESSAGE,
  STAY_ON_PAGE_WARNING,
  TEMPLATE_UPDATED_MESSAGE,
} from "~/lib/meetings";
import { takeFlash } from "~/server/flash.server";
import * as accountPage from "~/routes/account";
import * as userApi from "~/routes/api/users.user";
import * as profilePage from "~/routes/members/edit";
import * as editPage from "~/routes/meetings/edit";
import * as listPage from "~/routes/meetings/index";
import * as meetingPage from "~/routes/meetings/meeting";
import * as newPage from "~/routes/meetings/new";
import * as templatePage from "~/routes/meetings/template-edit";
import * as uploadRoute from "~/routes/meetings/upload";
import { calendarFeed, calendarFeedUrl } from "~/services/meetings/calendar.server";
import { MEETING_HAS_SUBMISSIONS_MESSAGE } from "~/services/meetings/meetings.server";
import { MEETING_OVER_MESSAGE, OTHERS_SUBMISSIONS_MESSAGE } from "~/services/meetings/submissions.server";
import { useHttpApp } from "../support/http-app";
import { hoursFromNow, insertMeeting, insertTemplate, submitDirectly, useClubTimeZone } from "../support/meetings";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

const ZONE = "Europe/Paris";
useClubTimeZone(ZONE);

type Fields = Record<string, string | string[]>;

/** A page's form as a browser posts it (urlencoded; a list sends its name once per value). */
function post(path: string, fields: Fields, cookie?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return request(path, {
    method: "POST",
    cookie,
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) => request(path, { cookie, headers });

/** The one-time message a redirect carries (redirectWithFlash). */
async function flashOf(response: Response): Promise<string | null> {
  const setCookie = response.headers.get("Set-Cookie");
  if (!setCookie) return null;
  const { message } = await takeFlash(
    new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }),
  );
  return message;
}

async function people() {
  const member = await makeMember({ firstName: "Max" });
  const admin = await makeMember({ isAdmin: true, firstName: "Ada" });
  return {
    member,
    admin,
    memberCookie: await cookieFor(member.id),
    adminCookie: await cookieFor(admin.id),
  };
}

const meetingRow = async (id: number) => (await db().select().from(meetings).where(eq(meetings.id, id)))[0];
const templateRow = async (id: number) =>
  (await db().select().from(meetingTemplates).where(eq(meetingTemplates.id, id)))[0];
const meetingsTitled = (topic: string) => db().select().from(meetings).where(eq(meetings.topic, topic));

describe("/meetings", () => {
  it("sends visitors to log in, and shows members the sections without the admins' tools", async () => {
    const { memberCookie, member } = await people();
    const visitor = await call(listPage.loader, get("/meetings"));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?from=%2Fmeetings");

    // A year of its own, far ahead, so other tests' meetings stay out of it.
    const year = 2093;
    const first = await insertMeeting({
      startsAt: new Date(Date.UTC(year, 2, 3, 18)),
      topic: "Harbour\nBring a tripod.",
    });
    const second = await insertMeeting({ startsAt: new Date(Date.UTC(year, 2, 10, 18)), topic: "Markets" });
    const photo = await insertPhoto(member.id);
    await submitDirectly(second.id, photo, 1);

    const response = await call(listPage.loader, get(`/meetings?year=${year}`, memberCookie));
    expect(response.status).toBe(200);
    const { list } = await response.json();
    expect(list.nextMeeting).toMatchObject({ id: first.id, title: "Harbour", myUploads: [] });
    expect(list.upcomingMeetings).toMatchObject([
      { id: second.id, title: "Markets", myUploads: [{ photoId: photo.id, position: 1 }] },
    ]);
    expect(list.pastMeetings).toEqual([]);
    expect(list.years.at(-1)).toBe(2021);
    expect(list.mayCreate).toBe(false);
    expect(list.templates).toBeNull();
    expect(list.timeZone).toBe(ZONE);
  });

  it("shows admins 'New Meeting' and the recurring meetings when the year is All", async () => {
    const { adminCookie } = await people();
    const template = await insertTemplate({ topic: "Pages weekly\nDetails" });
    const { list } = await (await call(listPage.loader, get("/meetings", adminCookie))).json();
    expect(list.mayCreate).toBe(true);
    expect(list.templates.map((t: { id: number }) => t.id)).toContain(template.id);
    const old = await (await call(listPage.loader, get("/meetings?year=2021", adminCookie))).json();
    expect(old.list.mayCreate).toBe(false);
    expect(old.list.templates).toBeNull();
  });

  it("answers 404 for a year or page that is not one", async () => {
    const { memberCookie } = await people();
    for (const query of ["year=soon", "page=0", "page=two"]) {
      const response = await call(listPage.loader, get(`/meetings?${query}`, memberCookie));
      expect(response.status, query).toBe(404);
    }
  });
});

describe("the new meeting form", () => {
  const valid = {
    startsAt: "2094-03-05T19:00",
    topic: "Night walk\r\nAvailable light only.",
    callLink: "https://meet.example.com/night",
    callDetails: "Passcode 1234",
    maxUploadsCount: "3",
    submitters: "everyone",
    repeats: "",
  };

  it("lets admins only in, and pre-fills the next meeting of a recurring one a week later on the club's clock", async () => {
    const { memberCookie, adminCookie } = await people();
    expect((await call(newPage.loader, get("/meetings/new"))).headers.get("Location")).toMatch(/^\/login/);
    expect((await call(newPage.loader, get("/meetings/new", memberCookie))).headers.get("Location")).toBe("/");

    // 7 pm in Paris on Thursday 23 March 2095; clocks go forward on the 26th.
    const latestAt = new Date("2095-03-23T18:00:00Z");
    const template = await insertTemplate({ topic: "Thursday critique\nFour each", latestAt, frequency: 7 });
    const response = await call(newPage.loader, get(`/meetings/new?meetingTemplateId=${template.id}`, adminCookie));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.draft).toMatchObject({
      startsAt: "2095-03-30T19:00",
      // The night's own topic is the admin's to write.
      topic: "",
      meetingTemplateId: template.id,
      series: { title: "Thursday critique", repeats: "weekly" },
    });
    expect(data.templateTitle).toBe("Thursday critique");
    expect(data.timeZone).toBe(ZONE);
    expect(data.members.length).toBeGreaterThan(0);

    const blank = await (await call(newPage.loader, get("/meetings/new", adminCookie))).json();
    expect(blank.draft).toMatchObject({ startsAt: "", topic: "", maxUploadsCount: 4, meetingTemplateId: null });
    const missing = await call(newPage.loader, get("/meetings/new?meetingTemplateId=2147483000", adminCookie));
    expect(missing.status).toBe(404);
  });

  it("creates a weekly meeting and its recurring meeting, then 'Meeting created!' on /meetings", async () => {
    const { adminCookie } = await people();
    const topic = `Weekly ${Date.now()}`;
    const response = await call(
      newPage.action,
      post("/meetings/new", { ...valid, topic, frequency: "7" }, adminCookie),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/meetings");
    expect(await flashOf(response)).toBe(MEETING_CREATED_MESSAGE);
    const [meeting] = await meetingsTitled(topic);
    // The datetime-local value is read on the club's clock: 7 pm in Paris is 6 pm UTC in March.
    expect(meeting!.startsAt.toISOString()).toBe("2094-03-05T18:00:00.000Z");
    expect(meeting).toMatchObject({ maxUploadsCount: 3, callLink: valid.callLink, allowedUserIds: null });
    const template = await templateRow(meeting!.meetingTemplateId!);
    expect(template).toMatchObject({ frequency: 7, topic });
    expect(template!.latestAt.toISOString()).toBe(meeting!.startsAt.toISOString());
  });

  it("creates a monthly meeting from the form's 'Recurring?' (repeats=monthly)", async () => {
    const { adminCookie } = await people();
    const topic = `Monthly ${Date.now()}`;
    const response = await call(
      newPage.action,
      post("/meetings/new", { ...valid, topic, repeats: "monthly" }, adminCookie),
    );
    expect(response.status).toBe(302);
    const [meeting] = await meetingsTitled(topic);
    expect(await templateRow(meeting!.meetingTemplateId!)).toMatchObject({ frequency: null, monthlyWeek: "same" });
    // 5 March 2094 is the first Friday; the list offers the first Friday of April.
    const list = await (await call(listPage.loader, get("/meetings", adminCookie))).json();
    const listed = list.list.templates.find((t: { id: number }) => t.id === meeting!.meetingTemplateId);
    expect(toDateTimeInput(new Date(listed.nextStartsAt), ZONE)).toBe("2094-04-02T19:00");
    expect(listed.repeats).toBe("monthly");
  });

  it("saves the members ticked, unless 'Everyone' is chosen (a page without JavaScript sends both)", async () => {
    const { adminCookie, member, admin } = await people();
    const chosen = `Chosen ${Date.now()}`;
    const ticks = { allowedUserIds: [String(member.id), String(admin.id)] };
    await call(
      newPage.action,
      post("/meetings/new", { ...valid, topic: chosen, submitters: "chosen", ...ticks }, adminCookie),
    );
    expect((await meetingsTitled(chosen))[0]!.allowedUserIds).toEqual([member.id, admin.id]);
    const everyone = `Everyone ${Date.now()}`;
    await call(newPage.action, post("/meetings/new", { ...valid, topic: everyone, ...ticks }, adminCookie));
    expect((await meetingsTitled(everyone))[0]!.allowedUserIds).toBeNull();
  });

  it("answers 422 with each bad field named, and writes nothing", async () => {
    const { adminCookie, memberCookie } = await people();
    const topic = `Refused ${Date.now()}`;
    const response = await call(
      newPage.action,
      post(
        "/meetings/new",
        {
          startsAt: "2094-02-30T19:00",
          topic: "",
          callLink: "javascript:alert(1)",
          maxUploadsCount: "-1",
          frequency: "9",
          submitters: "chosen",
        },
        adminCookie,
      ),
    );
    expect(response.status).toBe(422);
    const { result } = await response.json();
    expect(result.error).toEqual({
      startsAt: ["Date/Time must be a date and time."],
      topic: ["Topic is required."],
      callLink: ["Call link must be a web address (http or https)."],
      maxUploadsCount: ["Max uploads per member must be 0 or more."],
      frequency: ["Frequency must be 7 (Weekly) or 14 (Biweekly)."],
    });

    // A member who does not exist is the service's refusal, under its field too.
    const ghost = await call(
      newPage.action,
      post("/meetings/new", { ...valid, topic, submitters: "chosen", allowedUserIds: "2147483000" }, adminCookie),
    );
    expect(ghost.status).toBe(422);
    expect((await ghost.json()).result.error).toEqual({ allowedUserIds: ["Member 2147483000 does not exist."] });
    expect(await meetingsTitled(topic)).toEqual([]);

    const asMember = await call(newPage.action, post("/meetings/new", { ...valid, topic }, memberCookie));
    expect(asMember.headers.get("Location")).toBe("/");
    expect(await meetingsTitled(topic)).toEqual([]);
  });

  it("saves 'Create Next Meeting' as the recurring meeting's next and moves its latest start", async () => {
    const { adminCookie } = await people();
    const template = await insertTemplate({ latestAt: new Date("2096-05-07T17:00:00Z"), frequency: 14 });
    const topic = `Next of ${template.id}`;
    const response = await call(
      newPage.action,
      post(
        "/meetings/new",
        { ...valid, topic, startsAt: "2096-05-21T19:00", meetingTemplateId: String(template.id) },
        adminCookie,
      ),
    );
    expect(response.headers.get("Location")).toBe("/meetings");
    const [meeting] = await meetingsTitled(topic);
    expect(meeting!.meetingTemplateId).toBe(template.id);
    expect((await templateRow(template.id))!.latestAt.toISOString()).toBe("2096-05-21T17:00:00.000Z");
  });
});

describe("the edit meeting form", () => {
  it("shows admins the start on the club's clock and whether the meeting may be deleted", async () => {
    const { adminCookie, memberCookie, member } = await people();
    const meeting = await insertMeeting({ startsAt: new Date("2094-07-01T17:30:00Z") });
    const path = `/meetings/${meeting.id}/edit`;
    const params = { meetingId: String(meeting.id) };
    expect((await call(editPage.loader, get(path, memberCookie), params)).headers.get("Location")).toBe("/");
    const data = await (await call(editPage.loader, get(path, adminCookie), params)).json();
    expect(data.draft.startsAt).toBe("2094-07-01T19:30");
    expect(data.deleteRefusal).toBeNull();
    expect(data.confirmingDelete).toBe(false);
    expect(
      (await (await call(editPage.loader, get(`${path}?delete`, adminCookie), params)).json()).confirmingDelete,
    ).toBe(true);

    await submitDirectly(meeting.id, await insertPhoto(member.id), 1);
    const withSubmission = await (await call(editPage.loader, get(path, adminCookie), params)).json();
    expect(withSubmission.deleteRefusal).toBe(MEETING_HAS_SUBMISSIONS_MESSAGE);
    const missing = await call(editPage.loader, get("/meetings/2147483000/edit", adminCookie), {
      meetingId: "2147483000",
    });
    expect(missing.status).toBe(404);
  });

  it("saves to the meeting's page with 'Meeting updated!', clearing what was emptied", async () => {
    const { adminCookie } = await people();
    const meeting = await insertMeeting({ callLink: "https://meet.example.com/old", callDetails: "Old details" });
    const response = await call(
      editPage.action,
      post(
        `/meetings/${meeting.id}/edit`,
        {
          intent: "save",
          startsAt: "2094-09-10T20:15",
          topic: "Moved",
          callLink: "",
          callDetails: "",
          maxUploadsCount: "2",
        },
        adminCookie,
      ),
      { meetingId: String(meeting.id) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/meetings/${meeting.id}`);
    expect(await flashOf(response)).toBe(MEETING_UPDATED_MESSAGE);
    const saved = await meetingRow(meeting.id);
    expect(toDateTimeInput(saved!.startsAt, ZONE)).toBe("2094-09-10T20:15");
    expect(saved).toMatchObject({ topic: "Moved", callLink: null, callDetails: null, maxUploadsCount: 2 });
  });

  it("answers 422 for an emptied Date/Time or Topic, leaving the meeting as it was", async () => {
    const { adminCookie } = await people();
    const meeting = await insertMeeting();
    const response = await call(
      editPage.action,
      post(
        `/meetings/${meeting.id}/edit`,
        { intent: "save", startsAt: "", topic: "  ", maxUploadsCount: "1.5" },
        adminCookie,
      ),
      { meetingId: String(meeting.id) },
    );
    expect(response.status).toBe(422);
    expect((await response.json()).result.error).toEqual({
      startsAt: ["Date/Time must be a date and time."],
      topic: ["Topic is required."],
      maxUploadsCount: ["Max uploads per member must be a whole number."],
    });
    expect(await meetingRow(meeting.id)).toEqual(meeting);
  });

  it("deletes a meeting nobody submitted to, and refuses one with submissions (409, saying why)", async () => {
    const { adminCookie, memberCookie, member } = await people();
    const empty = await insertMeeting();
    const asMember = await call(
      editPage.action,
      post(`/meetings/${empty.id}/edit`, { intent: "delete" }, memberCookie),
      { meetingId: String(empty.id) },
    );
    expect(asMember.headers.get("Location")).toBe("/");
    expect(await meetingRow(empty.id)).toBeDefined();
    const deleted = await call(editPage.action, post(`/meetings/${empty.id}/edit`, { intent: "delete" }, adminCookie), {
      meetingId: String(empty.id),
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/meetings");
    expect(await flashOf(deleted)).toBe("Meeting deleted.");
    expect(await meetingRow(empty.id)).toBeUndefined();

    const held = await insertMeeting();
    await submitDirectly(held.id, await insertPhoto(member.id), 1);
    const refused = await call(editPage.action, post(`/meetings/${held.id}/edit`, { intent: "delete" }, adminCookie), {
      meetingId: String(held.id),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: MEETING_HAS_SUBMISSIONS_MESSAGE });
    expect(await meetingRow(held.id)).toBeDefined();
  });
});

describe("the recurring meeting form", () => {
  it("saves to /meetings with 'Recurring Meeting updated!' and refuses 'No' as a rhythm", async () => {
    const { adminCookie, memberCookie } = await people();
    const template = await insertTemplate({ topic: "Old topic", frequency: 7 });
    const path = `/meetings/templates/${template.id}/edit`;
    const params = { meetingId: String(template.id) };
    expect((await call(templatePage.loader, get(path, memberCookie), params)).headers.get("Location")).toBe("/");
    const loaded = await (await call(templatePage.loader, get(path, adminCookie), params)).json();
    expect(loaded.template).toMatchObject({ id: template.id, topic: "Old topic", frequency: 7, repeats: "weekly" });

    const fields = {
      topic: "Biweekly now",
      callLink: "",
      callDetails: "",
      maxUploadsCount: "5",
      submitters: "everyone",
    };
    const refused = await call(templatePage.action, post(path, { ...fields, repeats: "" }, adminCookie), params);
    expect(refused.status).toBe(422);
    expect((await refused.json()).result.error).toEqual({
      repeats: ["Repeats must be weekly, biweekly, monthly or monthly-last."],
    });

    const saved = await call(templatePage.action, post(path, { ...fields, repeats: "biweekly" }, adminCookie), params);
    expect(saved.headers.get("Location")).toBe("/meetings");
    expect(await flashOf(saved)).toBe(TEMPLATE_UPDATED_MESSAGE);
    expect(await templateRow(template.id)).toMatchObject({ topic: "Biweekly now", frequency: 14, maxUploadsCount: 5 });
    // Monthly, on the last week: no frequency in days, the week of the month instead.
    const monthly = await call(
      templatePage.action,
      post(path, { ...fields, repeats: "monthly-last" }, adminCookie),
      params,
    );
    expect(monthly.status).toBe(302);
    expect(await templateRow(template.id)).toMatchObject({ frequency: null, monthlyWeek: "last" });
    // The contract's frequency, as a form field, still works.
    await call(templatePage.action, post(path, { ...fields, frequency: "7" }, adminCookie), params);
    expect(await templateRow(template.id)).toMatchObject({ frequency: 7, monthlyWeek: null });

    const missing = await call(templatePage.loader, get("/meetings/templates/2147483000/edit", adminCookie), {
      meetingId: "2147483000",
    });
    expect(missing.status).toBe(404);
  });
});

describe("the upload page", () => {
  it("tells a member what they may still upload, and one off the list that they are not on it", async () => {
    const { member, memberCookie } = await people();
    const outsider = await makeMember();
    const meeting = await insertMeeting({ maxUploadsCount: 3, allowedUserIds: [member.id] });
    const path = `/meetings/${meeting.id}/upload`;
    const params = { meetingId: String(meeting.id) };
    const before = await (await call(uploadRoute.loader, get(path, memberCookie), params)).json();
    expect(before.maySubmit).toBe(true);
    expect(before.allowance.message).toBe("You may upload up to 3 more photos for this meeting.");
    expect(before.mine).toEqual([]);

    for (const position of [1, 2, 3]) await submitDirectly(meeting.id, await insertPhoto(member.id), position);
    const after = await (await call(uploadRoute.loader, get(path, memberCookie), params)).json();
    expect(after.allowance).toMatchObject({
      remaining: 0,
      message: "You have already uploaded 3 photos for this meeting.",
    });
    expect(after.mine.map((s: { position: number }) => s.position)).toEqual([1, 2, 3]);
    expect(after.isUpcoming).toBe(true);

    const off = await (await call(uploadRoute.loader, get(path, await cookieFor(outsider.id)), params)).json();
    expect(off).toMatchObject({ maySubmit: false, refusal: NOT_ON_LIST_MESSAGE });
    expect((await call(uploadRoute.loader, get(path), params)).status).toBe(302);
  });

  it("reorders and withdraws the member's own submissions, and nobody else's", async () => {
    const { member, memberCookie } = await people();
    const other = await makeMember();
    const meeting = await insertMeeting();
    const path = `/meetings/${meeting.id}/upload`;
    const params = { meetingId: String(meeting.id) };
    const photos = [await insertPhoto(member.id), await insertPhoto(member.id), await insertPhoto(member.id)];
    const mine = [];
    for (const [index, photo] of photos.entries()) mine.push(await submitDirectly(meeting.id, photo, index + 1));
    const theirs = await submitDirectly(meeting.id, await insertPhoto(other.id), 1);
    const positions = async () =>
      (
        await db()
          .select({ photoId: meetingSubmissions.photoId, position: meetingSubmissions.position })
          .from(meetingSubmissions)
          .where(eq(meetingSubmissions.userId, member.id))
      )
        .filter((row) => photos.some((photo) => photo.id === row.photoId))
        .sort((a, b) => a.position - b.position)
        .map((row) => row.photoId);

    const order = [photos[1]!.id, photos[0]!.id, photos[2]!.id].map(String);
    const moved = await call(
      uploadRoute.action,
      post(path, { intent: "reorder", photoIds: order }, memberCookie),
      params,
    );
    expect(moved.status).toBe(200);
    expect(await positions()).toEqual(order.map(Number));

    const stranger = await call(
      uploadRoute.action,
      post(path, { intent: "reorder", photoIds: [String(theirs.photoId)] }, memberCookie),
      params,
    );
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ error: OTHERS_SUBMISSIONS_MESSAGE });
    const notMine = await call(
      uploadRoute.action,
      post(path, { intent: "withdraw", submissionId: String(theirs.id) }, memberCookie),
      params,
    );
    expect(notMine.status).toBe(403);

    const withdrawn = await call(
      uploadRoute.action,
      post(path, { intent: "withdraw", submissionId: String(mine[1]!.id) }, memberCookie),
      params,
    );
    expect(withdrawn.status).toBe(200);
    expect(await positions()).toEqual([photos[0]!.id, photos[2]!.id]);
  });

  it("refuses changes once the meeting is over (409)", async () => {
    const { member, memberCookie } = await people();
    const meeting = await insertMeeting({ startsAt: hoursFromNow(-3) });
    const submission = await submitDirectly(meeting.id, await insertPhoto(member.id), 1);
    const response = await call(
      uploadRoute.action,
      post(`/meetings/${meeting.id}/upload`, { intent: "withdraw", submissionId: String(submission.id) }, memberCookie),
      { meetingId: String(meeting.id) },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: MEETING_OVER_MESSAGE });
  });
});

describe("the meeting view", () => {
  async function meetingWithAuthors() {
    const viewer = await makeMember();
    const authors = [];
    for (const lastName of ["Zeller", "Abbott", "Moss"]) {
      const author = await makeMember();
      await db().update(users).set({ lastName }).where(eq(users.id, author.id));
      authors.push({ ...author, lastName });
    }
    const meeting = await insertMeeting();
    const photoOf: Record<number, number[]> = {};
    for (const author of authors) {
      photoOf[author.id] = [];
      for (const position of [1, 2]) {
        const photo = await insertPhoto(author.id);
        await submitDirectly(meeting.id, photo, position);
        photoOf[author.id]!.push(photo.id);
      }
    }
    return { viewer, cookie: await cookieFor(viewer.id), authors, meeting, photoOf };
  }

  it("groups by author in the seeded Random order, or Alphabetical from the `sort` cookie", async () => {
    const { cookie, authors, meeting, photoOf } = await meetingWithAuthors();
    const params = { meetingId: String(meeting.id) };
    const path = `/meetings/${meeting.id}`;
    const random = await (await call(meetingPage.loader, get(path, cookie), params)).json();
    expect(random.sort).toBe("random");
    const seeded = orderAuthorGroups(
      authors.map((author) => ({ author })),
      "random",
      meeting.id,
    ).map((group) => group.author.id);
    expect(random.groups.map((g: { author: { id: number } }) => g.author.id)).toEqual(seeded);
    expect(random.photoOrder).toEqual(seeded.flatMap((id) => photoOf[id]!));
    expect(random.groups[0].author.fullName).toMatch(/^Vivian /);

    const chosen = await call(meetingPage.action, post(path, { intent: "sort", sort: "alphabetical" }, cookie), params);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe(path);
    const setCookie = chosen.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^sort=alphabetical; Path=\/meetings; Max-Age=31536000; SameSite=Lax$/);

    const alphabetical = await (
      await call(meetingPage.loader, get(path, undefined, { Cookie: `${cookie}; ${setCookie.split(";")[0]}` }), params)
    ).json();
    expect(alphabetical.sort).toBe("alphabetical");
    expect(
      alphabetical.groups.map((g: { author: { lastName?: string; fullName: string } }) => g.author.fullName),
    ).toEqual(["Abbott", "Moss", "Zeller"].map((lastName) => `Vivian ${lastName}`));

    const malformed = await call(meetingPage.action, post("/meetings/x1", { intent: "sort", sort: "random" }, cookie), {
      meetingId: "x1",
    });
    expect(malformed.status).toBe(404);

    // Anything else in the cookie is the default.
    const odd = await call(meetingPage.action, post(path, { intent: "sort", sort: "<script>" }, cookie), params);
    expect(odd.headers.get("Set-Cookie")).toMatch(/^sort=random;/);
    expect(
      (await call(meetingPage.action, post(path, { intent: "sort", sort: "random" }), params)).headers.get("Location"),
    ).toMatch(/^\/login/);
  });

  it("opens a photo in place with previous and next in the meeting's order, and 404s one from elsewhere", async () => {
    const { cookie, meeting, viewer } = await meetingWithAuthors();
    const params = { meetingId: String(meeting.id) };
    const list = await (await call(meetingPage.loader, get(`/meetings/${meeting.id}`, cookie), params)).json();
    const order: number[] = list.photoOrder;
    const middle = order[2]!;
    const response = await call(meetingPage.loader, get(`/meetings/${meeting.id}/${middle}`, cookie), {
      ...params,
      photoId: String(middle),
    });
    expect(response.status).toBe(200);
    const { detail } = await response.json();
    expect(detail.photo.id).toBe(middle);
    expect(detail.previous).toEqual({ id: order[1] });
    expect(detail.next).toEqual({ id: order[3] });
    const last = await (
      await call(meetingPage.loader, get(`/meetings/${meeting.id}/${order.at(-1)}`, cookie), {
        ...params,
        photoId: String(order.at(-1)),
      })
    ).json();
    expect(last.detail.next).toBeNull();

    const elsewhere = await insertPhoto(viewer.id);
    const notHere = await call(meetingPage.loader, get(`/meetings/${meeting.id}/${elsewhere.id}`, cookie), {
      ...params,
      photoId: String(elsewhere.id),
    });
    expect(notHere.status).toBe(404);
  });

  it("takes the rating stars' posts as every photo screen does", async () => {
    const { cookie, meeting, viewer } = await meetingWithAuthors();
    const params = { meetingId: String(meeting.id) };
    const list = await (await call(meetingPage.loader, get(`/meetings/${meeting.id}`, cookie), params)).json();
    const photoId = list.photoOrder[0];
    const rated = await call(
      meetingPage.action,
      post(`/meetings/${meeting.id}`, { intent: "rate", photoId: String(photoId), value: "4" }, cookie),
      params,
    );
    expect(rated.status).toBe(200);
    const again = await (await call(meetingPage.loader, get(`/meetings/${meeting.id}`, cookie), params)).json();
    const shown = again.groups.flatMap((g: { submissions: { photo: { id: number } }[] }) => g.submissions);
    expect(shown.find((s: { photo: { id: number } }) => s.photo.id === photoId).photo.Ratings).toContainEqual({
      UserId: viewer.id,
      value: 4,
    });
  });

  it("answers 404 for a meeting that does not exist, and sends visitors to log in", async () => {
    const { memberCookie } = await people();
    const missing = await call(meetingPage.loader, get("/meetings/2147483000", memberCookie), {
      meetingId: "2147483000",
    });
    expect(missing.status).toBe(404);
    const meeting = await insertMeeting();
    const visitor = await call(meetingPage.loader, get(`/meetings/${meeting.id}`), { meetingId: String(meeting.id) });
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?from=/);
  });
});

describe("the account page's calendar address", () => {
  it("shows the member's address and makes a new one that kills the old", async () => {
    const { member, memberCookie } = await people();
    const loaded = await (await call(accountPage.loader, get("/account", memberCookie))).json();
    expect(loaded.calendarUrl).toBe(await calendarFeedUrl(member));
    expect(loaded.calendarUrl).toMatch(/^http:\/\/club\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const oldToken = /calendar\/(.+)\.ics$/.exec(loaded.calendarUrl)![1]!;
    expect(await calendarFeed(oldToken)).toContain("BEGIN:VCALENDAR");

    const renewed = await call(accountPage.action, post("/account", { intent: "renew-calendar" }, memberCookie));
    expect(renewed.status).toBe(302);
    expect(renewed.headers.get("Location")).toBe("/account");
    expect(await flashOf(renewed)).toBe("Your new calendar address is below. The old one no longer works.");
    const after = await (await call(accountPage.loader, get("/account", memberCookie))).json();
    expect(after.calendarUrl).not.toBe(loaded.calendarUrl);
    await expect(calendarFeed(oldToken)).rejects.toMatchObject({ status: 404 });

    expect(
      (await call(accountPage.action, post("/account", { intent: "renew-calendar" }))).headers.get("Location"),
    ).toMatch(/^\/login/);
  });
});

describe("the meeting reminders checkbox on the profile", () => {
  const remindersOf = async (id: number) =>
    (await db().select({ on: users.meetingReminders }).from(users).where(eq(users.id, id)))[0]!.on;
  const profileForm = (member: { firstName: string; lastName: string; username: string; email: string }) => ({
    firstName: member.firstName,
    lastName: member.lastName,
    username: member.username,
    email: member.email,
    license: "allrightsreserved",
    picture: "",
  });

  it("shows the member's choice and saves an unchecked box as off and a checked one as on", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const path = `/members/${member.username}/edit`;
    const params = { username: member.username };
    const loaded = await (await call(profilePage.loader, get(path, cookie), params)).json();
    expect(loaded.member.meetingReminders).toBe(true);

    const off = await call(profilePage.action, post(path, profileForm(member), cookie), params);
    expect(off.status).toBe(302);
    expect(await remindersOf(member.id)).toBe(false);
    await call(profilePage.action, post(path, { ...profileForm(member), meetingReminders: "on" }, cookie), params);
    expect(await remindersOf(member.id)).toBe(true);
  });

  it("changes through PATCH /api/users/{id}, for the member themself only", async () => {
    const member = await makeMember();
    const other = await makeMember();
    const patch = (cookie: string, json: unknown) =>
      call(
        userApi.action,
        request(`/api/users/${member.id}`, { method: "PATCH", cookie, json, headers: { Origin: "http://localhost" } }),
        { userId: String(member.id) },
      );
    const own = await patch(await cookieFor(member.id), { meetingReminders: false });
    expect(own.status).toBe(200);
    expect((await own.json()).meetingReminders).toBe(false);
    expect(await remindersOf(member.id)).toBe(false);
    expect((await patch(await cookieFor(member.id), { meetingReminders: "no" })).status).toBe(422);
    expect((await patch(await cookieFor(other.id), { meetingReminders: true })).status).toBe(403);
    expect(await remindersOf(member.id)).toBe(false);
  });
});

describe("the pages as a member reads them", () => {
  const site = useHttpApp();

  const page = async (path: string, cookie: string) => {
    const response = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("renders the allowance, no warning before an upload, the way back, the list's refusal, and the meeting's safe links", async () => {
    const { member, memberCookie, adminCookie } = await people();
    const outsider = await makeMember();
    const meeting = await insertMeeting({
      topic: "Rooftops\nSee https://example.org/brief. <b>bold?</b>",
      callLink: "https://meet.example.com/roof",
      callDetails: "javascript:alert(1) and www.example.org/dial",
      maxUploadsCount: 2,
      allowedUserIds: [member.id],
    });
    await submitDirectly(meeting.id, await insertPhoto(member.id), 1);

    const upload = await page(`/meetings/${meeting.id}/upload`, memberCookie);
    expect(upload).toContain("You may upload up to 1 more photo for this meeting.");
    // Nothing is uploading yet: no warning, and the way back to the meeting.
    expect(upload).not.toContain(STAY_ON_PAGE_WARNING);
    expect(upload).toMatch(new RegExp(`<a [^>]*href="/meetings/${meeting.id}"[^>]*>Back to the meeting</a>`));
    const refused = await page(`/meetings/${meeting.id}/upload`, await cookieFor(outsider.id));
    expect(refused).toContain(NOT_ON_LIST_MESSAGE.replace("'", "&#x27;"));

    const view = await page(`/meetings/${meeting.id}`, memberCookie);
    expect(view).toContain('<a href="https://example.org/brief"');
    expect(view).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    expect(view).not.toContain('href="javascript:');
    expect(view).toContain('href="https://www.example.org/dial"');
    expect(view).toMatch(/<a href="https:\/\/meet\.example\.com\/roof"[^>]*>Join Call<\/a>/);
    expect(view).toContain(">Upload Photos<");
    expect(view).not.toContain(">Edit Meeting<");
    expect(view).toContain(`${member.firstName} ${member.lastName}`);
    expect(await page(`/meetings/${meeting.id}`, adminCookie)).toContain(">Edit Meeting<");

    const list = await page("/meetings", adminCookie);
    for (const text of [
      "Next Meeting",
      "Upcoming Meetings",
      "Past Meetings",
      "New Meeting",
      "Manage Recurring Meetings",
    ])
      expect(list).toContain(text);
    const asMember = await page("/meetings", memberCookie);
    expect(asMember).not.toContain("Manage Recurring Meetings");
  }, 120_000);
});
