// The meeting view: submissions grouped by author under their full names, each
// group by position, authors in the seeded Random order (the same for every
// member and the host) or Alphabetical; previous/next follow that order; and
// the number of queries does not grow with the photos.
import { describe, expect, it } from "vitest";
import { NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { meetingPhotoView, meetingView } from "~/services/meetings/meeting-view.server";
import { cookieFor, makeMember } from "../support/members";
import { insertMeeting, meetingsApi, submitDirectly } from "../support/meetings";
import { insertPhoto, rateDirectly } from "../support/photos";
import { countQueries } from "../support/query-count";
import { testDatabaseUrl } from "../support/test-database";

const names = [
  ["Helen", "Levitt"],
  ["Garry", "Winogrand"],
  ["Vivian", "Maier"],
  ["Saul", "Leiter"],
  ["Diane", "Arbus"],
] as const;

/** A meeting where each author submitted `perAuthor` photos, inserted with positions out of order. */
async function meetingWith(perAuthor: number, authors: number = names.length) {
  const members = [];
  for (const [firstName] of names.slice(0, authors)) members.push(await makeMember({ firstName }));
  const meeting = await insertMeeting({ maxUploadsCount: Math.max(4, perAuthor) });
  const photoIds = new Map<number, number[]>();
  for (const member of members) {
    const ids = [];
    for (let position = perAuthor; position >= 1; position--) {
      const photo = await insertPhoto(member.id, { caption: `${member.firstName} ${position}` });
      await submitDirectly(meeting.id, photo, position);
      ids.unshift(photo.id);
    }
    photoIds.set(member.id, ids);
  }
  return { meeting, members, photoIds };
}

const authorIds = (view: { groups: { author: { id: number } | null }[] }) =>
  view.groups.map((group) => group.author!.id);

describe("the meeting view", () => {
  it("groups submissions by author under the full name, each group by position", async () => {
    const { meeting, members, photoIds } = await meetingWith(3);
    const view = await meetingView(members[0]!, meeting.id, "random");
    expect(view.groups).toHaveLength(5);
    for (const group of view.groups) {
      const member = members.find((m) => m.id === group.author!.id)!;
      expect(group.author!.fullName).toBe(`${member.firstName} ${member.lastName}`);
      expect(group.submissions.map((s) => s.position)).toEqual([1, 2, 3]);
      expect(group.submissions.map((s) => s.Photo.id)).toEqual(photoIds.get(member.id));
    }
    // The contract's MeetingSubmissions: the same photos, author by author, in the same order.
    expect(view.meeting.MeetingSubmissions.map((s) => s.Photo.id)).toEqual(view.photoOrder);
    expect(view.photoOrder).toEqual(view.groups.flatMap((g) => g.submissions.map((s) => s.Photo.id)));
    expect(view.title).toBe("Night walk");
    expect(view.details).toBe("Available light only.");
    expect(view.allowance).toEqual({
      uploaded: 3,
      maxUploadsCount: 4,
      remaining: 1,
      message: "You may upload up to 1 more photo for this meeting.",
    });
    expect(view.isUpcoming).toBe(true);
  });

  it("shows every member and the host the same Random order, on every load, and another order for another meeting", async () => {
    const { meeting, members } = await meetingWith(1);
    const host = await makeMember({ isAdmin: true });
    const order = authorIds(await meetingView(members[0]!, meeting.id, "random"));
    expect(authorIds(await meetingView(members[3]!, meeting.id, "random"))).toEqual(order);
    expect(authorIds(await meetingView(host, meeting.id, "random"))).toEqual(order);
    expect(authorIds(await meetingView(members[0]!, meeting.id, "random"))).toEqual(order);

    // The same five authors at other meetings: the orders are not all the same.
    const others = [];
    for (let i = 0; i < 3; i++) {
      const other = await insertMeeting();
      for (const member of members) await submitDirectly(other.id, await insertPhoto(member.id), 1);
      others.push(authorIds(await meetingView(host, other.id, "random")).join());
    }
    expect(new Set([order.join(), ...others]).size).toBeGreaterThan(1);
  });

  it("orders authors by last name for Alphabetical, also through GET /api/meetings/{id}?sort=alphabetical", async () => {
    const { meeting, members } = await meetingWith(2);
    const byLastName = [...members].sort((a, b) => a.lastName.localeCompare(b.lastName)).map((m) => m.id);
    // makeMember gives every member the last name Maier + a tag: the tags decide.
    expect(authorIds(await meetingView(members[1]!, meeting.id, "alphabetical"))).toEqual(byLastName);
    const response = await meetingsApi("GET", `/api/meetings/${meeting.id}?sort=alphabetical`, {
      cookie: await cookieFor(members[1]!.id),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    const authorsInOrder = body.MeetingSubmissions.map((s: { Photo: { UserId: number } }) => s.Photo.UserId);
    expect([...new Set(authorsInOrder)]).toEqual(byLastName);
    expect(body.MeetingSubmissions[0]).toEqual({
      id: expect.any(Number),
      position: 1,
      CategoryId: null,
      Photo: expect.any(Object),
    });
    const bad = await meetingsApi("GET", `/api/meetings/${meeting.id}?sort=shuffled`, {
      cookie: await cookieFor(members[1]!.id),
    });
    expect(bad.status).toBe(422);
  });

  it("carries each photo's ratings for the rating control", async () => {
    const { meeting, members, photoIds } = await meetingWith(1, 2);
    const photoId = photoIds.get(members[0]!.id)![0]!;
    await rateDirectly(photoId, members[1]!.id, 4);
    const view = await meetingView(members[1]!, meeting.id, "random");
    const photo = view.meeting.MeetingSubmissions.find((s) => s.Photo.id === photoId)!.Photo;
    expect(photo.Ratings).toEqual([{ UserId: members[1]!.id, value: 4 }]);
  });

  it("opens a photo in place with previous and next in the meeting's order, and 404 for a photo of another meeting", async () => {
    const { meeting, members } = await meetingWith(2, 3);
    const viewer = members[2]!;
    const view = await meetingView(viewer, meeting.id, "alphabetical");
    const [first, second, , , , last] = view.photoOrder;
    const opened = await meetingPhotoView(viewer, meeting.id, second!, "alphabetical");
    expect(opened.photo.id).toBe(second);
    expect([opened.previousId, opened.nextId]).toEqual([first, view.photoOrder[2]]);
    const end = await meetingPhotoView(viewer, meeting.id, last!, "alphabetical");
    expect([end.previousId, end.nextId]).toEqual([view.photoOrder[4], null]);
    const stray = await insertPhoto(viewer.id);
    await expect(meetingPhotoView(viewer, meeting.id, stray.id, "alphabetical")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("is for members only, and 404 for a meeting that does not exist", async () => {
    const { meeting, members } = await meetingWith(1, 1);
    await expect(meetingView(null, meeting.id, "random")).rejects.toBeInstanceOf(NotLoggedInError);
    await expect(meetingView(members[0]!, 2147483000, "random")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("sends as many queries for 40 submissions as for 4 (no query per photo)", async () => {
    const small = await meetingWith(1, 4);
    const large = await meetingWith(8, 5);
    const viewer = small.members[0]!;
    const four = await countQueries(testDatabaseUrl(), () => meetingView(viewer, small.meeting.id, "random"));
    const forty = await countQueries(testDatabaseUrl(), () => meetingView(viewer, large.meeting.id, "random"));
    expect(four.result.meeting.MeetingSubmissions).toHaveLength(4);
    expect(forty.result.meeting.MeetingSubmissions).toHaveLength(40);
    expect(forty.queries).toBe(four.queries);
    // The meeting, its submissions with their authors, the photos, their ratings.
    expect(four.queries).toBeGreaterThanOrEqual(4);
    expect(four.queries).toBeLessThanOrEqual(6);
  });
});
