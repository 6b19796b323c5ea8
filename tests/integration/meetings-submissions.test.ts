// Meeting submissions through POST /api/meetings/{id}/submissions with real
// uploads: the photo and its submission, the meeting's list of who may submit,
// the allowance (also with ten uploads racing), and the author's reordering and
// withdrawing while the meeting is upcoming.
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, meetingSubmissions, photos, users } from "@db/schema";
import { closeExiftool } from "~/images/exif.server";
import * as clubPage from "~/routes/admin/club";
import * as clubApi from "~/routes/api/club";
import { uploadPage } from "~/services/meetings/submissions.server";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import {
  hoursFromNow,
  insertMeeting,
  meetingsApi,
  smallJpeg,
  submissionsOf,
  submitDirectly,
  submitToMeeting,
} from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";
import { uploadFile } from "../support/uploads";

afterAll(() => closeExiftool());

async function submitter(options: { license?: string } = {}) {
  const member = await makeMember();
  if (options.license) await db().update(users).set({ license: options.license }).where(eq(users.id, member.id));
  return { member, cookie: await cookieFor(member.id) };
}

async function upload(cookie: string, name = "street.jpg") {
  return uploadFile(cookie, await smallJpeg(), name);
}

describe("submitting a photo to a meeting", () => {
  it("makes the upload a photo with the owner's default licence, at the next position, and answers 201 with the Photo", async () => {
    const { member, cookie } = await submitter({ license: "ccby" });
    const meeting = await insertMeeting();
    const first = await submitToMeeting(meeting.id, cookie, {
      filename: "first.jpg",
      file: await upload(cookie, "first.jpg"),
    });
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toEqual({ id: expect.any(Number), position: 1, CategoryId: null, Photo: expect.any(Object) });
    expect(body.Photo).toMatchObject({
      filename: "first.jpg",
      license: "ccby",
      UserId: member.id,
      thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${body.Photo.id}/thumb\\?v=[\\w-]{12}$`)),
      MeetingSubmission: { Meeting: { startsAt: meeting.startsAt.toISOString() } },
    });
    const second = await submitToMeeting(meeting.id, cookie, { filename: "second.jpg", file: await upload(cookie) });
    expect((await second.json()).position).toBe(2);
    // The photo's copy of its meeting's start is written with it (the 'meeting' sort reads it).
    const [stored] = await db().select().from(photos).where(eq(photos.id, body.Photo.id));
    expect(stored!.meetingStartsAt).toEqual(meeting.startsAt);
  });

  it("refuses a member who is not on the meeting's list with 403 saying so, and keeps nothing of the upload", async () => {
    const { member, cookie } = await submitter();
    const listed = await makeMember();
    const meeting = await insertMeeting({ allowedUserIds: [listed.id] });
    const signedId = await upload(cookie);
    const response = await submitToMeeting(meeting.id, cookie, { filename: "street.jpg", file: signedId });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(
      "You are not on this meeting's list, so you cannot upload photos to it.",
    );
    expect(await submissionsOf(meeting.id, member.id)).toEqual([]);
    expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toEqual([]);

    // A member on the list may.
    const listedCookie = await cookieFor(listed.id);
    const ok = await submitToMeeting(meeting.id, listedCookie, { filename: "a.jpg", file: await upload(listedCookie) });
    expect(ok.status).toBe(201);
  });

  it("refuses an upload past the allowance with 409 and the contract's text, and discards it", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting({ maxUploadsCount: 1 });
    expect((await submitToMeeting(meeting.id, cookie, { filename: "a.jpg", file: await upload(cookie) })).status).toBe(
      201,
    );
    const refused = await submitToMeeting(meeting.id, cookie, { filename: "b.jpg", file: await upload(cookie) });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("You have already uploaded 1 photo for this meeting.");
    expect(await submissionsOf(meeting.id, member.id)).toHaveLength(1);
    expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toHaveLength(1);
  });

  it("refuses a body without a file with 422 naming it, and someone else's upload", async () => {
    const { cookie } = await submitter();
    const other = await submitter();
    const meeting = await insertMeeting();
    const missing = await submitToMeeting(meeting.id, cookie, { filename: "a.jpg" });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.map((e: { path: string }) => e.path)).toEqual(["file"]);
    const theirs = await submitToMeeting(meeting.id, cookie, { filename: "a.jpg", file: await upload(other.cookie) });
    expect(theirs.status).toBe(422);
    expect((await theirs.json()).errors.map((e: { path: string }) => e.path)).toEqual(["file"]);
  });

  it("makes exactly four of ten parallel submissions against an allowance of four", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting({ maxUploadsCount: 4 });
    const signedIds = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(cookie, `burst-${i}.jpg`)));
    const responses = await Promise.all(
      signedIds.map((file, i) => submitToMeeting(meeting.id, cookie, { filename: `burst-${i}.jpg`, file })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
    const rows = await submissionsOf(meeting.id, member.id);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3, 4]);
    // The refused uploads left no photo and no asset behind.
    expect(await db().select().from(photos).where(eq(photos.userId, member.id))).toHaveLength(4);
    expect(await db().select().from(assets).where(eq(assets.createdById, member.id))).toHaveLength(4);
  });
});

describe("the upload page", () => {
  it("tells a member what they may still upload, and one off the list that they are not on it", async () => {
    const { member } = await submitter();
    const stranger = await makeMember();
    const meeting = await insertMeeting({ topic: "Portraits\nAsk first.", allowedUserIds: [member.id] });
    await submitDirectly(meeting.id, await insertPhoto(member.id), 1);
    const page = await uploadPage(member, meeting.id);
    expect(page).toMatchObject({
      meeting: { id: meeting.id, startsAt: meeting.startsAt.toISOString(), allowedUserIds: [member.id] },
      title: "Portraits",
      maySubmit: true,
      refusal: null,
      allowance: {
        uploaded: 1,
        maxUploadsCount: 4,
        remaining: 3,
        message: "You may upload up to 3 more photos for this meeting.",
      },
    });
    const refused = await uploadPage(stranger, meeting.id);
    expect(refused.maySubmit).toBe(false);
    expect(refused.refusal).toBe("You are not on this meeting's list, so you cannot upload photos to it.");
  });
});

describe("submissions once the meeting's review has ended", () => {
  // An upload to a meeting that started 30 hours ago changed a past night's results.
  it("are refused with 409 saying why, for an upload and for one's own photo, and the upload page says so", async () => {
    const { member, cookie } = await submitter();
    const past = await insertMeeting({ startsAt: hoursFromNow(-30) });
    const closed =
      "Submissions to this meeting closed when its review ended, so its results stay as they were that night.";

    const uploaded = await submitToMeeting(past.id, cookie, { filename: "late.jpg", file: await upload(cookie) });
    expect(uploaded.status).toBe(409);
    expect((await uploaded.json()).message).toBe(closed);
    const own = await submitToMeeting(past.id, cookie, { PhotoId: (await insertPhoto(member.id)).id });
    expect(own.status).toBe(409);
    expect((await own.json()).message).toBe(closed);
    expect(await submissionsOf(past.id, member.id)).toEqual([]);
    expect(await uploadPage(member, past.id)).toMatchObject({ maySubmit: false, refusal: closed });

    // During the meeting's two hours, it still takes them.
    const tonight = await insertMeeting({ startsAt: hoursFromNow(-1.5) });
    const during = await submitToMeeting(tonight.id, cookie, { filename: "now.jpg", file: await upload(cookie) });
    expect(during.status).toBe(201);
  });

  it("close when the club's setting says, which an admin changes on /admin/club or through /api/club", async () => {
    const { cookie } = await submitter();
    const admin = await cookieFor((await makeMember({ isAdmin: true })).id);
    const past = await insertMeeting({ startsAt: hoursFromNow(-30) });
    const saved = await call(
      clubPage.action,
      formRequest("/admin/club", { intent: "submissions-close", submissionsCloseHours: "36" }, admin),
      {},
    );
    expect(saved.status).toBe(302);
    const late = await submitToMeeting(past.id, cookie, { filename: "late.jpg", file: await upload(cookie) });
    expect(late.status).toBe(201);

    // Bounded: two weeks at most, whole hours, and a member may not change it.
    const refused = await call(
      clubPage.action,
      formRequest("/admin/club", { intent: "submissions-close", submissionsCloseHours: "337" }, admin),
      {},
    );
    expect(refused.status).toBe(422);
    const asMember = await call(
      clubApi.action,
      request("/api/club", { method: "PATCH", cookie, json: { submissionsCloseHours: 0 } }),
      {},
    );
    expect(asMember.status).toBe(403);

    const closed = await call(
      clubApi.action,
      request("/api/club", { method: "PATCH", cookie: admin, json: { submissionsCloseHours: 24 } }),
      {},
    );
    expect(await closed.json()).toMatchObject({ submissionsCloseHours: 24 });
    const again = await submitToMeeting(past.id, cookie, { filename: "later.jpg", file: await upload(cookie) });
    expect(again.status).toBe(409);
    // Put back for the other tests of this file, which share its database.
    await call(
      clubApi.action,
      request("/api/club", { method: "PATCH", cookie: admin, json: { submissionsCloseHours: 2 } }),
      {},
    );
  });
});

describe("the author's own submissions while the meeting is upcoming", () => {
  async function withThree() {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const list = [];
    for (let position = 1; position <= 3; position++) {
      list.push(await submitDirectly(meeting.id, await insertPhoto(member.id), position));
    }
    return { member, cookie, meeting, list };
  }

  it("reorders them by photo id", async () => {
    const { member, cookie, meeting, list } = await withThree();
    const order = [list[2]!.photoId, list[0]!.photoId, list[1]!.photoId];
    const response = await meetingsApi("PUT", `/api/meetings/${meeting.id}/submissions`, {
      cookie,
      json: { photoIds: order },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).map((s: { PhotoId: number }) => s.PhotoId)).toEqual(order);
    expect((await submissionsOf(meeting.id, member.id)).map((row) => row.photoId)).toEqual(order);
  });

  it("refuses someone else's photos with 403 and an incomplete order with 422", async () => {
    const { cookie, meeting, list } = await withThree();
    const stranger = await submitter();
    const theirs = await submitDirectly(meeting.id, await insertPhoto(stranger.member.id), 1);
    const forbidden = await meetingsApi("PUT", `/api/meetings/${meeting.id}/submissions`, {
      cookie,
      json: { photoIds: [theirs.photoId, ...list.map((s) => s.photoId)] },
    });
    expect(forbidden.status).toBe(403);
    const partial = await meetingsApi("PUT", `/api/meetings/${meeting.id}/submissions`, {
      cookie,
      json: { photoIds: [list[0]!.photoId] },
    });
    expect(partial.status).toBe(422);
    expect((await partial.json()).errors[0].path).toBe("photoIds");
    // An admin reorders nobody's photos but their own.
    const admin = await makeMember({ isAdmin: true });
    const asAdmin = await meetingsApi("PUT", `/api/meetings/${meeting.id}/submissions`, {
      cookie: await cookieFor(admin.id),
      json: { photoIds: list.map((s) => s.photoId) },
    });
    expect(asAdmin.status).toBe(403);
  });

  it("withdraws one: the photo stays without a meeting, the others close the gap", async () => {
    const { member, cookie, meeting, list } = await withThree();
    const response = await meetingsApi("DELETE", `/api/meetings/${meeting.id}/submissions/${list[0]!.id}`, {
      cookie,
    });
    expect(response.status).toBe(204);
    const rows = await submissionsOf(meeting.id, member.id);
    expect(rows.map((row) => [row.photoId, row.position])).toEqual([
      [list[1]!.photoId, 1],
      [list[2]!.photoId, 2],
    ]);
    const [photo] = await db().select().from(photos).where(eq(photos.id, list[0]!.photoId));
    expect(photo!.meetingStartsAt).toBeNull();
  });

  it("refuses another member's withdrawal with 403, and any change once the meeting is past with 409", async () => {
    const { member, cookie, list, meeting } = await withThree();
    const stranger = await submitter();
    const forbidden = await meetingsApi("DELETE", `/api/meetings/${meeting.id}/submissions/${list[0]!.id}`, {
      cookie: stranger.cookie,
    });
    expect(forbidden.status).toBe(403);

    const over = await insertMeeting({ startsAt: hoursFromNow(-2.01) });
    const old = await submitDirectly(over.id, await insertPhoto(member.id), 1);
    const withdraw = await meetingsApi("DELETE", `/api/meetings/${over.id}/submissions/${old.id}`, { cookie });
    expect(withdraw.status).toBe(409);
    const reorder = await meetingsApi("PUT", `/api/meetings/${over.id}/submissions`, {
      cookie,
      json: { photoIds: [old.photoId] },
    });
    expect(reorder.status).toBe(409);
    expect(
      await db()
        .select()
        .from(meetingSubmissions)
        .where(inArray(meetingSubmissions.id, [old.id, list[0]!.id])),
    ).toHaveLength(2);
  });

  it("answers 404 for a submission of another meeting", async () => {
    const { cookie, list } = await withThree();
    const other = await insertMeeting();
    const response = await meetingsApi("DELETE", `/api/meetings/${other.id}/submissions/${list[0]!.id}`, { cookie });
    expect(response.status).toBe(404);
  });
});
