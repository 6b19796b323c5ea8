// photos.meetingStartsAt copies the start of the meeting a photo is submitted to;
// its owner, refreshMeetingStarts, must leave it equal to a fresh join of
// submissions and meetings, and roll back with the caller's transaction.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { meetingSubmissions, meetings, photos } from "@db/schema";
import { refreshMeetingStarts } from "~/services/meetings/meeting-starts.server";
import { makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";

const day = (n: number) => new Date(Date.UTC(2030, 0, n, 18, 30));

async function insertMeeting(startsAt: Date) {
  const [meeting] = await db().insert(meetings).values({ startsAt, topic: "Night walk" }).returning();
  return meeting!;
}

async function submit(meetingId: number, photo: { id: number; userId: number }, position: number) {
  await db().insert(meetingSubmissions).values({ meetingId, photoId: photo.id, userId: photo.userId, position });
}

async function moveMeeting(meetingId: number, startsAt: Date) {
  await db().update(meetings).set({ startsAt }).where(eq(meetings.id, meetingId));
}

/** photoId -> stored meetingStartsAt (ms, or null). */
async function stored(photoIds: number[]): Promise<Record<number, number | null>> {
  const rows = await db()
    .select({ id: photos.id, startsAt: photos.meetingStartsAt })
    .from(photos)
    .where(inArray(photos.id, photoIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.startsAt?.getTime() ?? null]));
}

/** photoId -> the start of its meeting as submissions and meetings say, computed here on their own. */
async function fresh(photoIds: number[]): Promise<Record<number, number | null>> {
  const rows = await db().execute<{ id: number; starts_at: string | Date | null }>(sql`
    select p.id, m.starts_at
    from photos p
    left join meeting_submissions s on s.photo_id = p.id
    left join meetings m on m.id = s.meeting_id
    where p.id in ${photoIds}`);
  return Object.fromEntries(
    rows.map((row) => [row.id, row.starts_at === null ? null : new Date(row.starts_at).getTime()]),
  );
}

async function club() {
  const ann = await makeMember();
  const bob = await makeMember();
  const walk = await insertMeeting(day(10));
  const review = await insertMeeting(day(20));
  const annFirst = await insertPhoto(ann.id);
  const annSecond = await insertPhoto(ann.id);
  const bobs = await insertPhoto(bob.id);
  // Never submitted, yet carrying a stale copy.
  const stray = await insertPhoto(bob.id, { meetingStartsAt: day(1) });
  await submit(walk.id, annFirst, 1);
  await submit(walk.id, annSecond, 2);
  await submit(review.id, bobs, 1);
  const ids = [annFirst.id, annSecond.id, bobs.id, stray.id];
  return { walk, review, annFirst, annSecond, bobs, stray, ids };
}

describe("refreshMeetingStarts", () => {
  it("copies each named photo's meeting start, and null for a photo submitted nowhere", async () => {
    const { annFirst, annSecond, bobs, stray, ids } = await club();
    await refreshMeetingStarts({ photoIds: ids });
    expect(await stored(ids)).toEqual({
      [annFirst.id]: day(10).getTime(),
      [annSecond.id]: day(10).getTime(),
      [bobs.id]: day(20).getTime(),
      [stray.id]: null,
    });
    expect(await stored(ids)).toEqual(await fresh(ids));
  });

  it("follows a meeting's new start to every photo submitted to it, and only those", async () => {
    const { walk, annFirst, annSecond, bobs, ids } = await club();
    await refreshMeetingStarts({ photoIds: ids });
    await moveMeeting(walk.id, day(12));
    await refreshMeetingStarts({ meetingId: walk.id });
    expect(await stored([annFirst.id, annSecond.id, bobs.id])).toEqual({
      [annFirst.id]: day(12).getTime(),
      [annSecond.id]: day(12).getTime(),
      [bobs.id]: day(20).getTime(),
    });
    expect(await stored(ids)).toEqual(await fresh(ids));
  });

  it("clears a withdrawn photo, and moves a photo submitted to another meeting", async () => {
    const { review, annFirst, annSecond, ids } = await club();
    await refreshMeetingStarts({ photoIds: ids });
    await db().delete(meetingSubmissions).where(eq(meetingSubmissions.photoId, annFirst.id));
    await db()
      .update(meetingSubmissions)
      .set({ meetingId: review.id })
      .where(eq(meetingSubmissions.photoId, annSecond.id));
    await refreshMeetingStarts({ photoIds: [annFirst.id, annSecond.id] });
    expect(await stored([annFirst.id, annSecond.id])).toEqual({
      [annFirst.id]: null,
      [annSecond.id]: day(20).getTime(),
    });
    expect(await stored(ids)).toEqual(await fresh(ids));
  });

  it("does nothing for no photos", async () => {
    const { stray } = await club();
    await refreshMeetingStarts({ photoIds: [] });
    expect(await stored([stray.id])).toEqual({ [stray.id]: day(1).getTime() });
  });

  it("runs in the caller's transaction: seen inside it, rolled back with it", async () => {
    const { walk, annFirst, ids } = await club();
    await refreshMeetingStarts({ photoIds: ids });
    const before = await stored(ids);

    const rolledBack = new Error("roll back");
    await expect(
      transaction(async () => {
        await moveMeeting(walk.id, day(15));
        await refreshMeetingStarts({ meetingId: walk.id });
        expect((await stored(ids))[annFirst.id]).toBe(day(15).getTime());
        expect(await stored(ids)).toEqual(await fresh(ids));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    expect(await stored(ids)).toEqual(before);
    expect(await stored(ids)).toEqual(await fresh(ids));
  });
});
