// Anonymous review live: in the room of a photo whose
// anonymous meeting is unrevealed, its owner is named as any other viewer
// (a name for them alone, 'the author', named them by elimination): their
// presence, pointer and crop are like everyone's; their comments reach the
// others without a name and their own windows with it. The reveal tells the
// meeting's review room and its watching pages, and ends the photo rooms'
// sockets so the windows load the names again.
import { describe, expect, it } from "vitest";
import type { ReviewSocket } from "~/lib/realtime-events";
import { REVIEW_NAMESPACE } from "~/lib/live-names";
import { revealMeeting } from "~/services/meetings/anonymity.server";
import { recapsSettled } from "~/services/meetings/recaps.server";
import { createComment } from "~/services/ratings/comments.server";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import {
  connected,
  connectTo,
  enterReview,
  framesUntil,
  nextMessage,
  nextReview,
  useSocketServer,
} from "../support/sockets";

const sockets = useSocketServer();

async function hiddenPhotoRoom() {
  const owner = await makeMember({ firstName: "Owner" });
  const other = await makeMember({ firstName: "Other" });
  const admin = await makeMember({ isAdmin: true });
  const meeting = await insertMeeting({ anonymous: true });
  const photo = await insertPhoto(owner.id);
  await submitDirectly(meeting.id, photo, 1);
  const otherSocket = sockets.viewer(photo.id, { cookie: await cookieFor(other.id) });
  await connected(otherSocket);
  const joined = nextMessage(otherSocket, "viewer.joined");
  const ownerRoom = nextMessage(sockets.viewer(photo.id, { cookie: await cookieFor(owner.id) }), "room");
  return { owner, other, admin, meeting, photo, otherSocket, joined, ownerRoom };
}

describe("a photo room while its meeting hides the author", () => {
  it("shows the owner to the others as any viewer, by first name: presence, pointer and crop", async () => {
    const r = await hiddenPhotoRoom();
    const asAnyone = { id: r.owner.id, firstName: "Owner" };
    expect((await r.joined).user).toEqual(asAnyone);
    const snapshot = await r.ownerRoom;
    expect(snapshot.me).toEqual(asAnyone);
    expect(snapshot.viewers.map((v) => v.user)).toContainEqual({ id: r.other.id, firstName: "Other" });

    // The owner's browser: a second client of theirs, whose pointer and crop the other hears.
    const owners = sockets.viewer(r.photo.id, { cookie: await cookieFor(r.owner.id) });
    await connected(owners);
    const frames = framesUntil(r.otherSocket, (move) => move.dx === 0.25);
    owners.emit("pointer", { dx: 0.25, dy: 0.5 });
    const moves = (await frames).flat();
    expect(moves.map((move) => move.user)).toEqual(moves.map(() => asAnyone));
    const crop = nextMessage(r.otherSocket, "crop");
    owners.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.1 } });
    expect((await crop).user).toEqual(asAnyone);
  });

  it("tells the others the owner's comment without a name, and the owner's windows with theirs", async () => {
    const r = await hiddenPhotoRoom();
    await r.ownerRoom;
    const owners = sockets.viewer(r.photo.id, { cookie: await cookieFor(r.owner.id) });
    await connected(owners);
    const toOther = nextMessage(r.otherSocket, "comment.created");
    const toOwner = nextMessage(owners, "comment.created");
    await createComment(r.owner, { PhotoId: r.photo.id, body: "Shot at dawn" });
    expect(await toOther).toMatchObject({ body: "Shot at dawn", UserId: null, User: null });
    expect(await toOwner).toMatchObject({ body: "Shot at dawn", UserId: r.owner.id });
  });

  it("on the reveal: the review room and the watching pages are told, and the photo rooms reconnect under names", async () => {
    const r = await hiddenPhotoRoom();
    await r.ownerRoom;
    const { socket: reviewer } = await enterReview(sockets, r.meeting.id, r.other);
    const watcher = connectTo<ReviewSocket>(
      sockets.url,
      REVIEW_NAMESPACE,
      { meeting: String(r.meeting.id), watch: "1" },
      { cookie: await cookieFor(r.other.id) },
    );
    await connected(watcher);
    // A watching page is in nobody's presence list.
    const joined = nextReview(reviewer, "member.joined");
    const admin = await enterReview(sockets, r.meeting.id, r.admin);
    expect((await joined).user.id).toBe(r.admin.id);
    expect(admin.snapshot.members.map((m) => m.user.id).sort()).toEqual([r.other.id, r.admin.id].sort());

    const toReviewer = nextReview(reviewer, "revealed");
    const toWatcher = nextReview(watcher, "revealed");
    await revealMeeting(r.admin, r.meeting.id);
    expect(await toReviewer).toEqual({ meetingId: r.meeting.id });
    expect(await toWatcher).toEqual({ meetingId: r.meeting.id });
    expect(await r.otherSocket.disconnection).toBe("io server disconnect");
    await recapsSettled();

    // Back in the room, the owner is themself.
    const again = sockets.viewer(r.photo.id, { cookie: await cookieFor(r.other.id) });
    await connected(again);
    const rejoined = nextMessage(again, "viewer.joined");
    sockets.viewer(r.photo.id, { cookie: await cookieFor(r.owner.id) });
    expect((await rejoined).user).toEqual({ id: r.owner.id, firstName: "Owner" });
  });
});
