// The 'meeting' sort of the photo lists reads photos.meetingStartsAt, a copy of
// the start of the meeting each photo is submitted to. Editing a meeting's start
// through the API must move every copy in the same transaction, so the sort
// and the photos' MeetingSubmission.Meeting.startsAt follow at once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { loader as photosList } from "~/routes/api/photos";
import { refreshMeetingStarts } from "~/services/meetings/meeting-starts.server";
import { cookieFor, makeMember, request } from "../support/members";
import { hoursFromNow, insertMeeting, meetingsApi, submitDirectly } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

/** photoId -> stored copy, and photoId -> the start its meeting has now, computed on their own. */
async function copiesAndSources(photoIds: number[]) {
  const rows = await db().execute<{ id: number; copy: string | Date | null; source: string | Date | null }>(sql`
    select p.id, p.meeting_starts_at as copy, m.starts_at as source
    from photos p
    left join meeting_submissions s on s.photo_id = p.id
    left join meetings m on m.id = s.meeting_id
    where p.id in ${photoIds}`);
  const ms = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());
  return {
    copies: Object.fromEntries(rows.map((row) => [row.id, ms(row.copy)])),
    sources: Object.fromEntries(rows.map((row) => [row.id, ms(row.source)])),
  };
}

async function listed(cookie: string, userId: number) {
  const response = await call(photosList, request(`/api/photos?userId=${userId}&sort=meeting`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; MeetingSubmission: { Meeting: { startsAt: string } } | null }[];
}

describe("the meeting sort after a meeting's start changes", () => {
  it("follows a PATCH of the start at once: the copies equal a fresh join and the list reorders", async () => {
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });
    const [memberCookie, adminCookie] = [await cookieFor(member.id), await cookieFor(admin.id)];
    const early = await insertMeeting({ startsAt: hoursFromNow(24) });
    const late = await insertMeeting({ startsAt: hoursFromNow(48) });
    const inEarly = [await insertPhoto(member.id), await insertPhoto(member.id)];
    const inLate = await insertPhoto(member.id);
    const nowhere = await insertPhoto(member.id);
    await submitDirectly(early.id, inEarly[0]!, 1);
    await submitDirectly(early.id, inEarly[1]!, 2);
    await submitDirectly(late.id, inLate, 1);
    const ids = [...inEarly.map((p) => p.id), inLate.id, nowhere.id];
    await refreshMeetingStarts({ photoIds: ids });

    // Newest meeting first, photos never shown at a meeting last.
    expect((await listed(memberCookie, member.id)).map((p) => p.id)).toEqual([
      inLate.id,
      inEarly[1]!.id,
      inEarly[0]!.id,
      nowhere.id,
    ]);

    const movedTo = hoursFromNow(72);
    const response = await meetingsApi("PATCH", `/api/meetings/${early.id}`, {
      cookie: adminCookie,
      json: { startsAt: movedTo.toISOString() },
    });
    expect(response.status).toBe(200);

    const { copies, sources } = await copiesAndSources(ids);
    expect(copies).toEqual(sources);
    expect(copies[inEarly[0]!.id]).toBe(movedTo.getTime());
    const after = await listed(memberCookie, member.id);
    expect(after.map((p) => p.id)).toEqual([inEarly[1]!.id, inEarly[0]!.id, inLate.id, nowhere.id]);
    expect(after[0]!.MeetingSubmission).toEqual({ Meeting: { startsAt: movedTo.toISOString() } });
  });

  it("changes no copy when the edit is refused", async () => {
    const member = await makeMember();
    const admin = await makeMember({ isAdmin: true });
    const meeting = await insertMeeting({ startsAt: hoursFromNow(30) });
    const photo = await insertPhoto(member.id);
    await submitDirectly(meeting.id, photo, 1);
    await refreshMeetingStarts({ photoIds: [photo.id] });
    const response = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, {
      cookie: await cookieFor(admin.id),
      json: { startsAt: hoursFromNow(90).toISOString(), allowedUserIds: [2147483000] },
    });
    expect(response.status).toBe(422);
    const { copies } = await copiesAndSources([photo.id]);
    expect(copies[photo.id]).toBe(meeting.startsAt.getTime());
  });
});
