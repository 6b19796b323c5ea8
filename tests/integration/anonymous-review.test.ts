// Anonymous review: until an admin reveals an
// anonymous meeting, nobody but a photo's owner learns who submitted it, admins
// included: the meeting is one group in its seeded order, the photo's JSON has
// no author, filename, camera, lens, date taken or upload time, and lists only
// the viewer's own rating; the lists leave it out, and the owner's comments on
// it read as 'the author'. The reveal (admins) sets revealedAt once.
// Withdrawing, the meeting's own anonymity and 'Choose from my photos': anonymous-withdrawals.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { comments, meetings, photos } from "@db/schema";
import { anonymousOrder } from "~/lib/meeting-order";
import type { PhotoJson } from "~/lib/club-json";
import { authorHiddenFrom } from "~/services/access.server";
import { subscribe } from "~/services/events.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/services/errors.server";
import { revealMeeting } from "~/services/meetings/anonymity.server";
import { meetingView } from "~/services/meetings/meeting-view.server";
import { recapsSettled } from "~/services/meetings/recaps.server";
import { photoDetail } from "~/services/photos/detail.server";
import { getPhoto, listFeaturedPhotos, listPhotos, randomPhotos } from "~/services/photos/photos.server";
import { commentsOfPhoto, createComment, listComments } from "~/services/ratings/comments.server";
import { refreshPhotoRating } from "~/services/ratings/photo-rating.server";
import { ratePhoto } from "~/services/ratings/ratings.server";
import { insertMeeting, insertTemplate, meetingsApi, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto, rateDirectly } from "../support/photos";

const YEAR = new Date().getFullYear();
const EXIF = {
  Make: { value: "Leica Camera AG", description: "Leica Camera AG" },
  Model: { value: "LEICA Q2", description: "LEICA Q2" },
  LensModel: { value: "Summilux 28 f/1.7", description: "Summilux 28 f/1.7" },
  FNumber: { value: 5.6, description: "f/5.6" },
  ISOSpeedRatings: { value: 400, description: "400" },
};

/** An anonymous meeting with two members' photos; the owner's first photo is featured, rated and commented on. */
async function night(meetingValues: Partial<typeof meetings.$inferInsert> = {}) {
  const owner = await makeMember({ firstName: "Hidden" });
  const other = await makeMember({ firstName: "Other" });
  const admin = await makeMember({ isAdmin: true });
  const meeting = await insertMeeting({ anonymous: true, ...meetingValues });
  const photo = await insertPhoto(owner.id, { metadata: { exif: EXIF } });
  await db().update(photos).set({ filename: "hidden-maker.jpg" }).where(eq(photos.id, photo.id));
  const second = await insertPhoto(owner.id);
  const othersPhoto = await insertPhoto(other.id);
  await submitDirectly(meeting.id, photo, 1);
  await submitDirectly(meeting.id, second, 2);
  await submitDirectly(meeting.id, othersPhoto, 1);
  await featureDirectly(photo, YEAR, 1);
  await rateDirectly(photo.id, owner.id, 5);
  await rateDirectly(photo.id, other.id, 3);
  const [ownComment] = await db()
    .insert(comments)
    .values({ photoId: photo.id, userId: owner.id, body: "I waited an hour for this" })
    .returning();
  const [othersComment] = await db()
    .insert(comments)
    .values({ photoId: photo.id, userId: other.id, body: "Great shadows" })
    .returning();
  return {
    owner,
    other,
    admin,
    meeting,
    photo,
    second,
    othersPhoto,
    ownComment: ownComment!,
    othersComment: othersComment!,
  };
}

function expectNoAuthor(photo: PhotoJson) {
  expect(photo.User).toBeNull();
  expect(photo.UserId).toBeNull();
  expect(photo.filename).toBe("");
  expect(photo.Feature).toBeNull();
  expect(Object.keys(photo.metadata?.exif ?? {})).not.toEqual(expect.arrayContaining(["Make"]));
  expect(photo.metadata?.exif).not.toHaveProperty("Model");
  expect(photo.metadata?.exif).not.toHaveProperty("LensModel");
}

describe("the rule (access.server)", () => {
  it("hides the author of a photo in an unrevealed anonymous meeting from everyone but its owner", () => {
    const photo = { userId: 7 };
    const unrevealed = { anonymous: true, revealedAt: null };
    expect(authorHiddenFrom({ id: 8 }, photo, unrevealed)).toBe(true);
    expect(authorHiddenFrom({ id: 8, isAdmin: true }, photo, unrevealed)).toBe(true);
    expect(authorHiddenFrom(null, photo, unrevealed)).toBe(true);
    expect(authorHiddenFrom({ id: 7 }, photo, unrevealed)).toBe(false);
    expect(authorHiddenFrom({ id: 8 }, photo, { anonymous: true, revealedAt: new Date() })).toBe(false);
    expect(authorHiddenFrom({ id: 8 }, photo, { anonymous: false, revealedAt: null })).toBe(false);
    expect(authorHiddenFrom({ id: 8 }, photo, null)).toBe(false);
  });
});

describe("an anonymous meeting before its reveal", () => {
  it("is one group in the meeting's seeded order for every member and the host; the owner's own photos are theirs", async () => {
    const n = await night();
    const asOther = await meetingView(n.other, n.meeting.id, "alphabetical");
    const asAdmin = await meetingView(n.admin, n.meeting.id, "random");
    const asOwner = await meetingView(n.owner, n.meeting.id, "random");
    for (const view of [asOther, asAdmin, asOwner]) {
      expect(view.namesHidden).toBe(true);
      expect(view.groups).toHaveLength(1);
      expect(view.groups[0]!.author).toBeNull();
    }
    const submissions = await db().query.meetingSubmissions.findMany({
      where: (s, { eq }) => eq(s.meetingId, n.meeting.id),
    });
    const seeded = anonymousOrder(submissions, n.meeting.id).map((s) => s.photoId);
    expect(asOther.photoOrder).toEqual(seeded);
    expect(asAdmin.photoOrder).toEqual(seeded);
    expect(asOwner.photoOrder).toEqual(seeded);
    expect(asAdmin.mayReveal).toBe(true);
    expect(asOther.mayReveal).toBe(false);

    // Each member sees their own photos as theirs, and nobody else's author.
    for (const submission of asOther.meeting.MeetingSubmissions) {
      if (submission.Photo.id === n.othersPhoto.id) expect(submission.Photo.UserId).toBe(n.other.id);
      else expectNoAuthor(submission.Photo);
    }
    for (const submission of asAdmin.meeting.MeetingSubmissions) expectNoAuthor(submission.Photo);
    const mine = asOwner.meeting.MeetingSubmissions.filter((s) => s.Photo.UserId === n.owner.id);
    expect(mine.map((s) => s.Photo.id).sort()).toEqual([n.photo.id, n.second.id].sort());
    expect(mine.every((s) => s.Photo.User?.username === n.owner.username)).toBe(true);
    // The upload page's list: the owner's own, by their own positions.
    expect(asOwner.ownSubmissions.map((s) => [s.photoId, s.position])).toEqual([
      [n.photo.id, 1],
      [n.second.id, 2],
    ]);
  });

  it("withholds author, filename, camera, lens, date taken, upload time and feature from the photo's JSON, keeps the exposure, and lists each rater only to themself", async () => {
    const n = await night();
    await db()
      .update(photos)
      .set({ takenAt: new Date("2024-05-06T07:08:09Z"), createdAt: new Date("2026-11-30T21:13:14.567Z") })
      .where(eq(photos.id, n.photo.id));
    await refreshPhotoRating(n.photo.id);
    for (const viewer of [n.other, n.admin]) {
      const photo = await getPhoto(viewer, n.photo.id);
      expectNoAuthor(photo);
      expect(photo.metadata?.exif.FNumber?.description).toBe("f/5.6");
      expect(photo.metadata?.exif.ISOSpeedRatings?.description).toBe("400");
      expect(photo.takenAt).toBeNull();
      // Every photo of the meeting says the meeting's start: the upload's millisecond pairs with the owner's other uploads.
      expect(photo.createdAt).toBe(n.meeting.startsAt.toISOString());
      // The count and average stay; who rated is each rater's own business until the reveal.
      expect(photo.Ratings).toEqual(viewer === n.other ? [{ UserId: n.other.id, value: 3 }] : []);
      expect([photo.rating, photo.ratingCount]).toEqual([3, 1]);
      const detail = await photoDetail(viewer, n.photo.id, { kind: "given", previousId: null, nextId: null });
      expect(detail.details!.camera.map((line) => line.label)).toEqual(["Aperture", "ISO"]);
      expect(detail.details!.takenAt).toBeNull();
    }
    const own = await getPhoto(n.owner, n.photo.id);
    expect(own.User?.id).toBe(n.owner.id);
    expect(own.takenAt).toBe("2024-05-06T07:08:09.000Z");
    expect(own.Ratings).toEqual([{ UserId: n.owner.id, value: 5 }]);
    expect(own.Feature).toEqual({ year: YEAR, position: 1 });
    expect(own.filename).toBe("hidden-maker.jpg");
    expect(own.metadata?.exif.Model?.description).toBe("LEICA Q2");
  });

  it("answers a rating with the rater's own alone: a list of raters in which the owner is never named names them", async () => {
    const n = await night();
    const answer = await ratePhoto(n.admin, n.photo.id, { value: 4 });
    expect(answer.Ratings).toEqual([{ UserId: n.admin.id, value: 4 }]);
    expect([answer.rating, answer.ratingCount]).toEqual([3.5, 2]);
    const owners = await ratePhoto(n.owner, n.photo.id, { value: 4 });
    expect(owners.Ratings).toEqual([{ UserId: n.owner.id, value: 4 }]);
    expect([owners.rating, owners.ratingCount]).toEqual([3.5, 2]);
  });

  it("shows the owner's comments on it as the author's, to everyone else", async () => {
    const n = await night();
    const seen = await commentsOfPhoto(n.other, n.photo.id);
    const own = seen.find((c) => c.id === n.ownComment.id)!;
    expect(own.User).toBeNull();
    expect(own.UserId).toBeNull();
    expect(seen.find((c) => c.id === n.othersComment.id)!.User?.id).toBe(n.other.id);
    const ownersView = await commentsOfPhoto(n.owner, n.photo.id);
    expect(ownersView.find((c) => c.id === n.ownComment.id)!.UserId).toBe(n.owner.id);
    // The answer to the owner's new comment is theirs; the API's list for others is not.
    const written = await createComment(n.owner, { PhotoId: n.photo.id, body: "Thanks!" });
    expect(written.UserId).toBe(n.owner.id);
    expect(written.Photo?.UserId).toBe(n.owner.id);
  });

  it("leaves the photo out of every list for everyone else: browse, the gallery, the featured year, the home page, the comments", async () => {
    const n = await night();
    const hidden = [n.photo.id, n.second.id];
    for (const viewer of [n.other, n.admin, null]) {
      const browse = await listPhotos(viewer, { page: 1, sort: "createdAt" });
      expect(browse.photos.map((p) => p.id)).not.toEqual(expect.arrayContaining([n.photo.id]));
      expect(browse.photos.map((p) => p.id)).not.toEqual(expect.arrayContaining([n.second.id]));
      const gallery = await listPhotos(viewer, { userId: n.owner.id, page: 1, sort: "createdAt" });
      expect(gallery.total).toBe(0);
      expect(await listFeaturedPhotos(viewer, n.owner.id, YEAR)).toEqual([]);
      const home = await randomPhotos(viewer, 100);
      expect(home.map((p) => p.id)).not.toEqual(expect.arrayContaining([n.photo.id]));
    }
    for (const viewer of [n.other, n.admin]) {
      const feed = await listComments(viewer, { page: 1 });
      expect(feed.comments.map((c) => c.PhotoId)).not.toEqual(expect.arrayContaining(hidden));
    }
    // Another member's photo in the same meeting is hidden from the owner the same way.
    const ownersGallery = await listPhotos(n.owner, { userId: n.owner.id, page: 1, sort: "createdAt" });
    expect(ownersGallery.photos.map((p) => p.id).sort()).toEqual(hidden.sort());
    expect((await listFeaturedPhotos(n.owner, n.owner.id, YEAR)).map((p) => p.id)).toEqual([n.photo.id]);
    expect((await randomPhotos(n.owner, 100)).map((p) => p.id)).toContain(n.photo.id);
    const ownersFeed = await listComments(n.owner, { page: 1 });
    expect(ownersFeed.comments.map((c) => c.id)).toContain(n.ownComment.id);
    const browsedByOwner = await listPhotos(n.owner, { page: 1, sort: "createdAt" });
    expect(browsedByOwner.photos.map((p) => p.id)).not.toContain(n.othersPhoto.id);
  });

  it("opens a hidden photo from a list only for its owner (the browse detail is 404 to the others)", async () => {
    const n = await night();
    await expect(photoDetail(n.other, n.photo.id, { kind: "sorted", sort: "createdAt" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const own = await photoDetail(n.owner, n.photo.id, { kind: "sorted", sort: "createdAt" });
    expect(own.photo.User?.id).toBe(n.owner.id);
  });
});

describe("the reveal", () => {
  it("is for admins: 403 for members, 404 for no meeting, 409 when not anonymous or revealed already", async () => {
    const n = await night();
    await expect(revealMeeting(n.other, n.meeting.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(revealMeeting(n.owner, n.meeting.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(revealMeeting(n.admin, 2147483000)).rejects.toBeInstanceOf(NotFoundError);
    const plain = await insertMeeting();
    await expect(revealMeeting(n.admin, plain.id)).rejects.toBeInstanceOf(ConflictError);
    const revealed = await revealMeeting(n.admin, n.meeting.id);
    expect(revealed.revealedAt).toEqual(expect.any(String));
    await expect(revealMeeting(n.admin, n.meeting.id)).rejects.toBeInstanceOf(ConflictError);
    await recapsSettled();
  });

  it("shows the names everywhere from its commit on, tells the rooms after the commit, and sets the recaps going", async () => {
    const n = await night();
    const heard: { meetingId: number; photoIds: number[] }[] = [];
    const stop = subscribe("meeting.revealed", (event) => heard.push(event));
    try {
      // A reveal that rolls back tells nobody.
      await expect(
        transaction(async () => {
          await revealMeeting(n.admin, n.meeting.id);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(heard).toEqual([]);
      await revealMeeting(n.admin, n.meeting.id);
      expect(heard).toEqual([
        { meetingId: n.meeting.id, photoIds: expect.arrayContaining([n.photo.id, n.second.id, n.othersPhoto.id]) },
      ]);
    } finally {
      stop();
    }
    await recapsSettled();
    const [row] = await db().select().from(meetings).where(eq(meetings.id, n.meeting.id));
    expect(row!.recapQueuedAt).not.toBeNull();

    const view = await meetingView(n.other, n.meeting.id, "alphabetical");
    expect(view.namesHidden).toBe(false);
    expect(view.groups.map((g) => g.author?.id).sort()).toEqual([n.owner.id, n.other.id].sort());
    expect((await getPhoto(n.other, n.photo.id)).User?.id).toBe(n.owner.id);
    const gallery = await listPhotos(n.other, { userId: n.owner.id, page: 1, sort: "createdAt" });
    expect(gallery.total).toBe(2);
    const comments = await commentsOfPhoto(n.admin, n.photo.id);
    expect(comments.find((c) => c.id === n.ownComment.id)!.UserId).toBe(n.owner.id);
  });
});

describe("the API", () => {
  it("takes anonymous in POST and PATCH /api/meetings and the templates, and answers anonymous and revealedAt", async () => {
    const admin = await makeMember({ isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const created = await meetingsApi("POST", "/api/meetings", {
      cookie,
      json: { startsAt: "2031-05-01T19:00", topic: "Blind critique", anonymous: true, frequency: 14 },
    });
    expect(created.status).toBe(201);
    const meeting = await created.json();
    expect(meeting).toMatchObject({ anonymous: true, revealedAt: null });
    const template = await meetingsApi("GET", `/api/meetings/templates/${meeting.MeetingTemplateId}`, { cookie });
    expect(await template.json()).toMatchObject({ anonymous: true });

    const patched = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, { cookie, json: { anonymous: false } });
    expect(await patched.json()).toMatchObject({ anonymous: false, revealedAt: null });
    const bad = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, { cookie, json: { anonymous: "yes" } });
    expect(bad.status).toBe(422);

    const other = await insertTemplate();
    const templatePatch = await meetingsApi("PATCH", `/api/meetings/templates/${other.id}`, {
      cookie,
      json: { anonymous: true },
    });
    expect(await templatePatch.json()).toMatchObject({ anonymous: true });
  });

  it("POST /api/meetings/{id}/reveal: 200 with the names for admins, 403 for members, 404 unknown, 409 twice", async () => {
    const n = await night();
    const adminCookie = await cookieFor(n.admin.id);
    const memberCookie = await cookieFor(n.other.id);
    const path = `/api/meetings/${n.meeting.id}/reveal`;
    expect((await meetingsApi("POST", path, { cookie: memberCookie })).status).toBe(403);
    expect((await meetingsApi("POST", "/api/meetings/2147483000/reveal", { cookie: adminCookie })).status).toBe(404);
    const hidden = await (await meetingsApi("GET", `/api/meetings/${n.meeting.id}`, { cookie: adminCookie })).json();
    expect(hidden.MeetingSubmissions.every((s: { Photo: PhotoJson }) => s.Photo.User === null)).toBe(true);

    const answer = await meetingsApi("POST", path, { cookie: adminCookie });
    expect(answer.status).toBe(200);
    const revealed = await answer.json();
    expect(revealed.revealedAt).toEqual(expect.any(String));
    expect(revealed.MeetingSubmissions.map((s: { Photo: PhotoJson }) => s.Photo.UserId)).toEqual(
      expect.arrayContaining([n.owner.id, n.other.id]),
    );
    const again = await meetingsApi("POST", path, { cookie: adminCookie });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This meeting's names have been revealed already.");
    await recapsSettled();
  });
});
