// POST /api/meetings/{id}/submissions {PhotoId} (the code's addition): a photo
// already in the member's gallery is submitted without uploading it again. Own
// photos only, on the meeting's list, within the allowance, once; a withdrawn
// photo may come back; a body that is neither kind is refused by its fields.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { photos } from "@db/schema";
import { photosToChoose } from "~/services/meetings/own-photo-submissions.server";
import { action as photoApi } from "~/routes/api/photos.photo";
import { cookieFor, makeMember, request } from "../support/members";
import { insertMeeting, meetingsApi, submissionsOf, submitDirectly, submitToMeeting } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

async function submitter() {
  const member = await makeMember();
  return { member, cookie: await cookieFor(member.id) };
}

const photoCount = async (userId: number) => (await db().select().from(photos).where(eq(photos.userId, userId))).length;

describe("submitting one's own photo by its id", () => {
  it("submits the photo itself at the next position, 201 with the Photo, and makes no new photo", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const uploaded = await insertPhoto(member.id);
    const existing = await insertPhoto(member.id);
    await submitDirectly(meeting.id, uploaded, 1);
    expect(await photosToChoose(member)).toEqual([expect.objectContaining({ id: existing.id })]);

    const response = await submitToMeeting(meeting.id, cookie, { PhotoId: existing.id });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ id: expect.any(Number), position: 2, Photo: { id: existing.id, UserId: member.id } });
    expect(body.Photo.MeetingSubmission.Meeting.startsAt).toBe(meeting.startsAt.toISOString());
    expect((await submissionsOf(meeting.id, member.id)).map((row) => row.photoId)).toEqual([uploaded.id, existing.id]);
    expect(await photoCount(member.id)).toBe(2);
    const [stored] = await db().select().from(photos).where(eq(photos.id, existing.id));
    expect(stored!.meetingStartsAt).toEqual(meeting.startsAt);
    expect(await photosToChoose(member)).toEqual([]);
  });

  it("takes back a withdrawn photo instead of a duplicate upload", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const photo = await insertPhoto(member.id);
    const first = await (await submitToMeeting(meeting.id, cookie, { PhotoId: photo.id })).json();
    const withdrawn = await meetingsApi("DELETE", `/api/meetings/${meeting.id}/submissions/${first.id}`, { cookie });
    expect(withdrawn.status).toBe(204);
    expect((await submitToMeeting(meeting.id, cookie, { PhotoId: photo.id })).status).toBe(201);
    expect(await photoCount(member.id)).toBe(1);
  });

  it("refuses someone else's photo with 403, and a photo that does not exist with 404", async () => {
    const { member, cookie } = await submitter();
    const other = await makeMember();
    const meeting = await insertMeeting();
    const theirs = await insertPhoto(other.id);
    const refused = await submitToMeeting(meeting.id, cookie, { PhotoId: theirs.id });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("You may only submit your own photos.");
    const missing = await submitToMeeting(meeting.id, cookie, { PhotoId: 2 ** 31 - 1 });
    expect(missing.status).toBe(404);
    expect(await submissionsOf(meeting.id, member.id)).toEqual([]);
    expect(await submissionsOf(meeting.id, other.id)).toEqual([]);
  });

  it("refuses a member off the meeting's list with 403", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting({ allowedUserIds: [(await makeMember()).id] });
    const refused = await submitToMeeting(meeting.id, cookie, { PhotoId: (await insertPhoto(member.id)).id });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      "You are not on this meeting's list, so you cannot upload photos to it.",
    );
  });

  it("refuses a photo past the allowance with 409 and the allowance's text", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting({ maxUploadsCount: 1 });
    expect((await submitToMeeting(meeting.id, cookie, { PhotoId: (await insertPhoto(member.id)).id })).status).toBe(
      201,
    );
    const refused = await submitToMeeting(meeting.id, cookie, { PhotoId: (await insertPhoto(member.id)).id });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("You have already uploaded 1 photo for this meeting.");
    expect(await submissionsOf(meeting.id, member.id)).toHaveLength(1);
  });

  it("refuses the same photo twice in a meeting, or in a second meeting, with 409", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const another = await insertMeeting();
    const photo = await insertPhoto(member.id);
    expect((await submitToMeeting(meeting.id, cookie, { PhotoId: photo.id })).status).toBe(201);
    const twice = await submitToMeeting(meeting.id, cookie, { PhotoId: photo.id });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("This photo is already submitted to this meeting.");
    const elsewhere = await submitToMeeting(another.id, cookie, { PhotoId: photo.id });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).message).toBe(
      "This photo is already submitted to another meeting; withdraw it there first.",
    );
    expect(await submissionsOf(meeting.id, member.id)).toHaveLength(1);
    expect(await submissionsOf(another.id, member.id)).toEqual([]);
  });

  it("submits exactly one of five racing submissions of the same photo", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const photo = await insertPhoto(member.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => submitToMeeting(meeting.id, cookie, { PhotoId: photo.id })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await submissionsOf(meeting.id, member.id)).toHaveLength(1);
  });

  it("refuses a body that is neither kind with 422 naming the field", async () => {
    const { member, cookie } = await submitter();
    const meeting = await insertMeeting();
    const photo = await insertPhoto(member.id);
    const paths = async (body: unknown) => {
      const response = await submitToMeeting(meeting.id, cookie, body);
      expect(response.status).toBe(422);
      return (await response.json()).errors.map((e: { path: string }) => e.path);
    };
    expect(await paths({ PhotoId: "one" })).toEqual(["PhotoId"]);
    expect(await paths({ PhotoId: -4 })).toEqual(["PhotoId"]);
    expect(await paths({ PhotoId: 2 ** 31 })).toEqual(["PhotoId"]);
    // Both kinds at once is neither.
    expect(await paths({ PhotoId: photo.id, filename: "a.jpg", file: "x" })).toEqual(["body"]);
    expect(await paths({})).toEqual(expect.arrayContaining(["filename", "file"]));
    expect(await submissionsOf(meeting.id, member.id)).toEqual([]);
  });
});

describe("deleting a photo while it is being submitted", () => {
  // The delete locked the member's row for its features, then waited for the photo; the submission held the
  // photo, then needed a key share of the member's row for its insert: PostgreSQL broke the circle after 1 s
  // with a deadlock, a 500. Each round here either submits then deletes, or deletes then refuses.
  it("answers the submission 201 or 404 and the delete 204, never a 500, round after round", async () => {
    const { member, cookie } = await submitter();
    for (let round = 0; round < 12; round++) {
      const meeting = await insertMeeting();
      const photo = await insertPhoto(member.id, { withFiles: true });
      const [submitted, deleted] = await Promise.all([
        submitToMeeting(meeting.id, cookie, { PhotoId: photo.id }),
        call(photoApi, request(`/api/photos/${photo.id}`, { method: "DELETE", cookie }), {
          photoId: String(photo.id),
        }),
      ]);
      expect(deleted.status).toBe(204);
      expect([201, 404]).toContain(submitted.status);
      if (submitted.status === 404) expect(await submitted.json()).toEqual({ message: "Photo not found." });
      expect(await submissionsOf(meeting.id, member.id)).toEqual([]);
    }
  });
});
