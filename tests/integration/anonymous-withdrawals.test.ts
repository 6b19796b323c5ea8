// Anonymous review's edges: a photo withdrawn from an
// unrevealed anonymous meeting, or withdrawn and submitted again, keeps its
// author hidden until that meeting's reveal (its owner was seen nowhere in
// between); a meeting members submitted to anonymously stays anonymous until
// the reveal (turning it off and on again would be an admin's peek), and is
// not deleted while its withdrawn photos still hide their authors; and a photo
// members have seen with its member's name warns them when it goes to an
// anonymous meeting.
import { describe, expect, it } from "vitest";
import { revealMeeting } from "~/services/meetings/anonymity.server";
import {
  ANONYMITY_ENDS_BY_REVEAL_MESSAGE,
  anonymityEndsOnlyByReveal,
  WITHDRAWN_ANONYMOUSLY_MESSAGE,
} from "~/services/meetings/meetings.server";
import { photosToChoose, SEEN_WITH_NAME_ANSWER } from "~/services/meetings/own-photo-submissions.server";
import { recapsSettled } from "~/services/meetings/recaps.server";
import { getPhoto, listPhotos } from "~/services/photos/photos.server";
import { commentsOfPhoto, createComment } from "~/services/ratings/comments.server";
import { insertMeeting, meetingsApi, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";

async function anonymousNight() {
  const owner = await makeMember({ firstName: "Hidden" });
  const other = await makeMember({ firstName: "Other" });
  const admin = await makeMember({ isAdmin: true });
  const meeting = await insertMeeting({ anonymous: true });
  const photo = await insertPhoto(owner.id, { caption: "Pier at dawn" });
  const submission = await submitDirectly(meeting.id, photo, 1);
  await submitDirectly(meeting.id, await insertPhoto(other.id), 1);
  const cookies = { owner: await cookieFor(owner.id), admin: await cookieFor(admin.id) };
  return { owner, other, admin, meeting, photo, submission, cookies };
}

/** What a member who is not the owner learns of the photo: its author in its JSON, and whether the owner's gallery and /browse list it. */
async function seenBy(viewer: { id: number; isAdmin?: boolean }, n: Awaited<ReturnType<typeof anonymousNight>>) {
  const photo = await getPhoto(viewer as never, n.photo.id);
  const gallery = await listPhotos(viewer as never, { userId: n.owner.id, page: 1, sort: "createdAt" });
  const browse = await listPhotos(viewer as never, { page: 1, sort: "createdAt" });
  return {
    author: photo.UserId,
    inGallery: gallery.photos.some((p) => p.id === n.photo.id),
    inBrowse: browse.photos.some((p) => p.id === n.photo.id),
  };
}

const hidden = { author: null, inGallery: false, inBrowse: false };

describe("a photo withdrawn from an anonymous meeting before its reveal", () => {
  it("keeps its author hidden, through a withdrawal and a new submission, until the reveal", async () => {
    const n = await anonymousNight();
    const comment = await createComment(n.owner, { PhotoId: n.photo.id, body: "Shot at dawn" });
    const withdrawn = await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}/submissions/${n.submission.id}`, {
      cookie: n.cookies.owner,
    });
    expect(withdrawn.status).toBe(204);
    for (const viewer of [n.other, n.admin]) expect(await seenBy(viewer, n)).toEqual(hidden);
    // Its owner's comment still reads as the author's, and the owner still sees it as theirs.
    expect((await commentsOfPhoto(n.other, n.photo.id)).find((c) => c.id === comment.id)?.UserId).toBeNull();
    expect((await getPhoto(n.owner, n.photo.id)).UserId).toBe(n.owner.id);
    // 'Choose from my photos' offers it as a photo nobody has seen with the owner's name.
    expect((await photosToChoose(n.owner)).find((p) => p.id === n.photo.id)?.seenWithName).toBe(false);

    const again = await meetingsApi("POST", `/api/meetings/${n.meeting.id}/submissions`, {
      cookie: n.cookies.owner,
      json: { PhotoId: n.photo.id },
    });
    expect(again.status).toBe(201);
    expect(await again.json()).not.toHaveProperty("warning");
    for (const viewer of [n.other, n.admin]) expect(await seenBy(viewer, n)).toEqual(hidden);

    await revealMeeting(n.admin, n.meeting.id);
    await recapsSettled();
    expect(await seenBy(n.other, n)).toEqual({ author: n.owner.id, inGallery: true, inBrowse: true });
  });

  it("after the reveal of the meeting it left, shows its owner again", async () => {
    const n = await anonymousNight();
    await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}/submissions/${n.submission.id}`, {
      cookie: n.cookies.owner,
    });
    expect(await seenBy(n.other, n)).toEqual(hidden);
    await revealMeeting(n.admin, n.meeting.id);
    await recapsSettled();
    expect(await seenBy(n.other, n)).toEqual({ author: n.owner.id, inGallery: true, inBrowse: true });
  });

  it("leaves a photo withdrawn from a meeting that is not anonymous as it always was", async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const meeting = await insertMeeting({ anonymous: false });
    const photo = await insertPhoto(owner.id);
    const submission = await submitDirectly(meeting.id, photo, 1);
    await meetingsApi("DELETE", `/api/meetings/${meeting.id}/submissions/${submission.id}`, {
      cookie: await cookieFor(owner.id),
    });
    expect((await getPhoto(other, photo.id)).UserId).toBe(owner.id);
  });
});

describe("an anonymous meeting's own anonymity", () => {
  it("ends only through the reveal once anyone submitted: PATCH anonymous false is 422", async () => {
    const n = await anonymousNight();
    expect(await anonymityEndsOnlyByReveal(n.meeting.id)).toBe(true);
    const path = `/api/meetings/${n.meeting.id}`;
    const off = await meetingsApi("PATCH", path, { cookie: n.cookies.admin, json: { anonymous: false } });
    expect(off.status).toBe(422);
    expect(await off.json()).toMatchObject({
      errors: [{ path: "anonymous", message: ANONYMITY_ENDS_BY_REVEAL_MESSAGE }],
    });
    expect((await getPhoto(n.other, n.photo.id)).UserId).toBeNull();
    // Other changes still go through, anonymity kept.
    const topic = await meetingsApi("PATCH", path, { cookie: n.cookies.admin, json: { topic: "Piers" } });
    expect(await topic.json()).toMatchObject({ topic: "Piers", anonymous: true, revealedAt: null });

    await revealMeeting(n.admin, n.meeting.id);
    await recapsSettled();
    expect(await anonymityEndsOnlyByReveal(n.meeting.id)).toBe(false);
    const afterReveal = await meetingsApi("PATCH", path, { cookie: n.cookies.admin, json: { anonymous: false } });
    expect(afterReveal.status).toBe(200);
  });

  it("may still be turned off while nobody has submitted", async () => {
    const admin = await makeMember({ isAdmin: true });
    const meeting = await insertMeeting({ anonymous: true });
    expect(await anonymityEndsOnlyByReveal(meeting.id)).toBe(false);
    const off = await meetingsApi("PATCH", `/api/meetings/${meeting.id}`, {
      cookie: await cookieFor(admin.id),
      json: { anonymous: false },
    });
    expect(await off.json()).toMatchObject({ anonymous: false });
  });

  it("stays locked when every photo was withdrawn, and the meeting is not deleted until its reveal", async () => {
    const n = await anonymousNight();
    await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}/submissions/${n.submission.id}`, {
      cookie: n.cookies.owner,
    });
    // The other member withdraws theirs too: nobody's photo is left in it.
    const othersCookie = await cookieFor(n.other.id);
    const rest = await (await meetingsApi("GET", `/api/meetings/${n.meeting.id}`, { cookie: othersCookie })).json();
    for (const s of rest.MeetingSubmissions as { id: number }[]) {
      await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}/submissions/${s.id}`, { cookie: othersCookie });
    }
    expect(await anonymityEndsOnlyByReveal(n.meeting.id)).toBe(true);
    const deleted = await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}`, { cookie: n.cookies.admin });
    expect(deleted.status).toBe(409);
    expect((await deleted.json()).message).toBe(WITHDRAWN_ANONYMOUSLY_MESSAGE);
    await revealMeeting(n.admin, n.meeting.id);
    await recapsSettled();
    expect((await meetingsApi("DELETE", `/api/meetings/${n.meeting.id}`, { cookie: n.cookies.admin })).status).toBe(
      204,
    );
  });
});

describe("submitting a photo members have seen with its member's name to an anonymous meeting", () => {
  it("says so in 'Choose from my photos' and in the API's answer; not for a meeting with names", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const seen = await insertPhoto(member.id, { caption: "On my gallery for a year" });
    expect((await photosToChoose(member)).find((p) => p.id === seen.id)?.seenWithName).toBe(true);
    const anonymous = await insertMeeting({ anonymous: true });
    const answer = await meetingsApi("POST", `/api/meetings/${anonymous.id}/submissions`, {
      cookie,
      json: { PhotoId: seen.id },
    });
    expect(answer.status).toBe(201);
    expect((await answer.json()).warning).toBe(SEEN_WITH_NAME_ANSWER);

    const named = await insertMeeting({ anonymous: false });
    const plain = await meetingsApi("POST", `/api/meetings/${named.id}/submissions`, {
      cookie,
      json: { PhotoId: (await insertPhoto(member.id)).id },
    });
    expect(plain.status).toBe(201);
    expect(await plain.json()).not.toHaveProperty("warning");
  });
});
