// A meeting's review room (follow the host): who gets in, who
// may lead, that only the leader's views of the meeting's own photos reach the
// others, and that the lead ends with the leader. Views are sent in order on
// one socket, so "a later good view arrives first" proves a bad one was dropped.
import { describe, expect, it } from "vitest";
import type { ReviewView } from "~/lib/realtime-events";
import { REVIEW_LIMITS } from "~/realtime/server/review-room.server";
import { cookieFor, makeMember } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import {
  deactivateMember,
  enterReview,
  nextReview,
  refused,
  useSocketServer,
  type TestReviewer,
} from "../support/sockets";

const sockets = useSocketServer();

/** A meeting with two submitted photos. */
async function meetingWithPhotos() {
  const author = await makeMember();
  const meeting = await insertMeeting();
  const first = await insertPhoto(author.id);
  const second = await insertPhoto(author.id);
  await submitDirectly(meeting.id, first, 1);
  await submitDirectly(meeting.id, second, 2);
  return { meeting, photos: [first.id, second.id] as const };
}

const enter = (meetingId: number, member: { id: number }) => enterReview(sockets, meetingId, member);

const viewOf = (photoId: number, zoom = 1): ReviewView => ({
  photoId,
  zoom,
  centerX: 0.5,
  centerY: 0.5,
  timerElapsedMs: null,
  timer: null,
});

/** The "leader" message the watcher receives after `act` (listening starts before it). */
async function leaderAfter(watcher: TestReviewer, act: () => unknown) {
  const next = nextReview(watcher, "leader");
  act();
  return next;
}

describe("who may join a meeting's review room", () => {
  it("refuses a visitor, an unknown or malformed meeting, and admits a member", async () => {
    const { meeting } = await meetingWithPhotos();
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect(await refused(sockets.reviewer(meeting.id))).toBe("unauthorized");
    for (const id of [999999999, "abc", "0", "-1", "2147483648", ""]) {
      expect(await refused(sockets.reviewer(id, { cookie }))).toBe("meeting not found");
    }
    const { snapshot } = await enter(meeting.id, member);
    expect(snapshot).toMatchObject({ leader: null, view: null, mayLead: false });
    expect(snapshot.members.map((p) => p.user.id)).toEqual([member.id]);
  });

  it("closes a member's review sockets at once when an admin deactivates them", async () => {
    const { meeting } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const memberCookie = await cookieFor(member.id);
    const { socket } = await enter(meeting.id, member);
    const { socket: adminSocket } = await enter(meeting.id, admin);
    const left = nextReview(adminSocket, "member.left");
    await deactivateMember(admin.id, member.id);
    await socket.disconnection;
    expect((await left).user.id).toBe(member.id);
    expect(adminSocket.connected).toBe(true);
    expect(await refused(sockets.reviewer(meeting.id, { cookie: memberCookie }))).toBe("unauthorized");
  });
});

describe("leading the review", () => {
  it("an admin leads; only the leader's views of the meeting's photos reach the others", async () => {
    const { meeting, photos } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true, firstName: "Ada" });
    const member = await makeMember();
    const other = await insertPhoto(admin.id); // not in this meeting
    const { socket: host, snapshot } = await enter(meeting.id, admin);
    expect(snapshot.mayLead).toBe(true);
    const { socket: guest } = await enter(meeting.id, member);

    // Nobody leads yet: even the admin's view is dropped.
    const raw = host as unknown as { emit(event: string, payload: unknown): void };
    host.emit("view", viewOf(photos[0]));
    expect(await leaderAfter(guest, () => host.emit("lead"))).toEqual({ leader: { id: admin.id, firstName: "Ada" } });

    const heard = nextReview(guest, "view");
    host.emit("view", viewOf(other.id)); // another meeting's photo
    raw.emit("view", { ...viewOf(photos[0]), zoom: 5 });
    raw.emit("view", { ...viewOf(photos[0]), centerX: 1.2 });
    raw.emit("view", { ...viewOf(photos[0]), photoId: "1" });
    raw.emit("view", null);
    host.emit("view", viewOf(photos[1], 2));
    expect(await heard).toEqual(viewOf(photos[1], 2));

    // A follower's views are not passed on.
    const notFromGuest = nextReview(host, "view");
    let hostHeard = false;
    void notFromGuest.then(() => (hostHeard = true));
    guest.emit("view", viewOf(photos[0], 3));
    const next = nextReview(guest, "view");
    host.emit("view", viewOf(photos[0], 4));
    expect(await next).toEqual(viewOf(photos[0], 4));
    expect(hostHeard).toBe(false);

    // A late joiner gets the leader and the latest view.
    const { snapshot: late } = await enter(meeting.id, await makeMember());
    expect(late.leader).toEqual({ id: admin.id, firstName: "Ada" });
    expect(late.view).toEqual(viewOf(photos[0], 4));

    // The timer travels as how long it has run, never as the leader's clock time; a late joiner
    // gets it as of its joining (the server adds the time since the leader sent it).
    const timed = { ...viewOf(photos[0], 4), timerElapsedMs: 90_000 };
    const timedHeard = nextReview(guest, "view");
    const sentAt = Date.now();
    host.emit("view", timed);
    expect(await timedHeard).toEqual(timed);
    const { snapshot: later } = await enter(meeting.id, await makeMember());
    const aged = later.view!.timerElapsedMs!;
    expect(aged).toBeGreaterThanOrEqual(90_000);
    expect(aged).toBeLessThanOrEqual(90_000 + (Date.now() - sentAt));
    expect(later.view).toEqual({ ...timed, timerElapsedMs: aged });

    // The leader's meeting timer goes with the view (followers had none), as how long is
    // left and the photos it is shared by; a late joiner gets it as of joining. A malformed one drops the view.
    const withTimer = { ...viewOf(photos[1], 2), timerElapsedMs: 5_000, timer: { leftMs: 600_000, photosLeft: 6 } };
    const timerHeard = nextReview(guest, "view");
    const timerSentAt = Date.now();
    for (const timer of [
      { leftMs: 600_000, photosLeft: 0 },
      { leftMs: 8 * 24 * 3600 * 1000, photosLeft: 6 },
      { leftMs: "600000", photosLeft: 6 },
      { leftMs: 1.5, photosLeft: 6 },
      { photosLeft: 6 },
    ]) {
      raw.emit("view", { ...withTimer, photoId: photos[0], timer });
    }
    host.emit("view", withTimer);
    expect(await timerHeard).toEqual(withTimer);
    const { snapshot: timerLate } = await enter(meeting.id, await makeMember());
    const left = timerLate.view!.timer!.leftMs;
    expect(left).toBeLessThanOrEqual(600_000);
    expect(left).toBeGreaterThanOrEqual(600_000 - (Date.now() - timerSentAt));
    expect(timerLate.view!.timer!.photosLeft).toBe(6);
    // An older window's view, without a timer, still passes: as a view without one.
    const { timer: _none, ...older } = viewOf(photos[0]);
    const olderHeard = nextReview(guest, "view");
    raw.emit("view", older);
    expect(await olderHeard).toEqual(viewOf(photos[0]));
  });

  it("a member cannot lead unless handed the lead; handed it, they lead and may take it again", async () => {
    const { meeting, photos } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember({ firstName: "Mo" });
    const { socket: host } = await enter(meeting.id, admin);
    const { socket: guest } = await enter(meeting.id, member);

    // Mo asks to lead, and to hand the lead on: refused, and told he may not lead (the admin's lead
    // below is the first change anyone hears).
    for (const ask of [() => guest.emit("lead"), () => guest.emit("handTo", { memberId: member.id })]) {
      const told = nextReview(guest, "mayLead");
      ask();
      expect(await told).toBe(false);
    }
    expect((await leaderAfter(host, () => host.emit("lead"))).leader?.id).toBe(admin.id);

    const mayLead = nextReview(guest, "mayLead");
    const handed = nextReview(host, "leader");
    host.emit("handTo", { memberId: member.id });
    expect(await mayLead).toBe(true);
    expect(await handed).toEqual({ leader: { id: member.id, firstName: "Mo" } });

    // Mo leads now: Mo's views reach the admin, the admin's no longer reach Mo.
    const fromMo = nextReview(host, "view");
    guest.emit("view", viewOf(photos[1]));
    expect(await fromMo).toEqual(viewOf(photos[1]));

    // Mo stops, and may take the lead again while nobody leads.
    expect(await leaderAfter(host, () => guest.emit("stopLeading"))).toEqual({ leader: null });
    expect((await leaderAfter(host, () => guest.emit("lead"))).leader?.id).toBe(member.id);
  });

  it("a handed member cannot take over from an admin, but an admin takes over from anyone", async () => {
    const { meeting } = await meetingWithPhotos();
    const ada = await makeMember({ isAdmin: true });
    const bea = await makeMember({ isAdmin: true });
    const mo = await makeMember();
    const { socket: adaSocket } = await enter(meeting.id, ada);
    const { socket: beaSocket } = await enter(meeting.id, bea);
    const { socket: moSocket } = await enter(meeting.id, mo);

    expect((await leaderAfter(moSocket, () => adaSocket.emit("handTo", { memberId: mo.id }))).leader?.id).toBe(mo.id);
    expect((await leaderAfter(moSocket, () => adaSocket.emit("lead"))).leader?.id).toBe(ada.id);

    // Mo tries to take it back: refused (he may still lead, once nobody does); Bea, an admin, takes over.
    const told = nextReview(moSocket, "mayLead");
    moSocket.emit("lead");
    expect(await told).toBe(true);
    expect((await leaderAfter(moSocket, () => beaSocket.emit("lead"))).leader?.id).toBe(bea.id);
  });

  it("hands the lead only to a member in the room, and only by the admin or the leader", async () => {
    const { meeting } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true });
    const mo = await makeMember();
    const absent = await makeMember();
    const { socket: host } = await enter(meeting.id, admin);
    const { socket: guest } = await enter(meeting.id, mo);
    host.emit("handTo", { memberId: absent.id });
    const raw = host as unknown as { emit(event: string, payload: unknown): void };
    raw.emit("handTo", { memberId: "x" });
    expect((await leaderAfter(guest, () => host.emit("lead"))).leader?.id).toBe(admin.id);
  });

  it("passes on at most 60 views a second from the leader and drops the rest", async () => {
    expect(REVIEW_LIMITS.view).toBe(60);
    const { meeting, photos } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true });
    const { socket: host } = await enter(meeting.id, admin);
    const { socket: guest } = await enter(meeting.id, await makeMember());
    const leads = nextReview(guest, "leader");
    host.emit("lead");
    await leads;
    let received = 0;
    guest.on("view", () => received++);
    // The leader's messages are handled in order, and a lead change has its own budget: it marks the end.
    const stopped = nextReview(guest, "leader");
    for (let i = 0; i < 10 * REVIEW_LIMITS.view; i++) host.emit("view", viewOf(photos[0], 1 + (i % 3)));
    host.emit("stopLeading");
    expect(await stopped).toEqual({ leader: null });
    expect(received).toBe(REVIEW_LIMITS.view);
  });

  it("ends when the leader's last window leaves", async () => {
    const { meeting } = await meetingWithPhotos();
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const { socket: laptop } = await enter(meeting.id, admin);
    const { socket: guest } = await enter(meeting.id, member);
    const leads = nextReview(guest, "leader");
    laptop.emit("lead");
    await leads;
    // A second window of the leader's leads too; closing the first keeps the lead.
    const { socket: phone, snapshot } = await enter(meeting.id, admin);
    expect(snapshot.leader?.id).toBe(admin.id);
    const firstLeft = nextReview(guest, "member.left");
    laptop.disconnect();
    await firstLeft;
    expect(await leaderAfter(guest, () => phone.disconnect())).toEqual({ leader: null });
    const { snapshot: after } = await enter(meeting.id, await makeMember());
    expect(after.leader).toBeNull();
  });
});
