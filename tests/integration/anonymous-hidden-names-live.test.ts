// The hidden-name check of the live rooms, beside the one of
// the pages and /api (anonymous-hidden-names.test.ts): the events both
// namespaces can send are read from their typed interfaces in
// app/lib/realtime-events.ts, and a night is played in both rooms while a
// photo's anonymous meeting is unrevealed, its owner joining, pointing,
// drawing a crop, commenting, leading the review and leaving; and a
// competition's night, whose host shows the owner's entry's judge's comments and
// result (by its photo id, which no message may set beside the owner's name). Everything a
// member and an admin receive is checked: no message may hold something of the
// photo beside something of its owner, nor tie the photo to the owner's id, and
// every member a message names is named as themself, the owner as anyone else
// ({id, firstName}, nothing more): a name for the owner alone ('the author')
// named them by elimination and paired their comings and goings across rooms.
//
// An event the night cannot send is listed in UNSENT with the reason; a new
// event fails here until the night sends it or it is listed.
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { photos } from "@db/schema";
import { PHOTO_NAMESPACE, REVIEW_NAMESPACE } from "~/lib/live-names";
import type { PhotoViewerSocket, ReviewSocket } from "~/lib/realtime-events";
import { createComment, deleteComment, editComment } from "~/services/ratings/comments.server";
import { saveScore } from "~/services/competitions/judging.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { connected, connectTo, enterReview, nextMessage, nextReview, useSocketServer } from "../support/sockets";

const sockets = useSocketServer();

/** Events the night below cannot send to a member who is not the owner, and why. */
const UNSENT: Record<string, string> = {
  revealed: "sent at the reveal, when the names may be known",
  mayLead: "sent to the member it concerns alone (whether they may take the lead)",
};

/** The event names of a `ServerToClientEvents`-like interface, read from the source (as the route table is read). */
function eventsOf(interfaceName: string): string[] {
  const source = readFileSync(new URL("../../app/lib/realtime-events.ts", import.meta.url), "utf8");
  const body = new RegExp(`export interface ${interfaceName} \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1];
  if (!body) throw new Error(`no interface ${interfaceName} in realtime-events.ts`);
  return [...body.matchAll(/^\s{2}"?([\w.]+)"?\s*:/gm)].map((match) => match[1]!);
}

type Heard = { event: string; args: unknown[]; by: string };

/** Records every event a socket receives (socket.io's catch-all listener). */
function record(socket: Socket, by: string, heard: Heard[]) {
  socket.onAny((event: string, ...args: unknown[]) => heard.push({ event, args, by }));
}

/** Every `{ id, firstName }`-like member object in a message, with where it is. */
function membersIn(value: unknown, found: { at: string; user: Record<string, unknown> }[] = [], at = "$") {
  if (Array.isArray(value)) value.forEach((item, i) => membersIn(item, found, `${at}[${i}]`));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("firstName" in o) found.push({ at, user: o });
    for (const [key, child] of Object.entries(o)) membersIn(child, found, `${at}.${key}`);
  }
  return found;
}

describe("no live message sets the author of a photo in an unrevealed anonymous meeting apart", () => {
  it("reads both namespaces' events from their interfaces", () => {
    expect(eventsOf("ServerToClientEvents")).toContain("viewer.joined");
    expect(eventsOf("ReviewServerToClientEvents")).toContain("member.joined");
  });

  it("names the owner as any member in every event of both rooms, and never beside their photo", async () => {
    const owner = await makeMember({ firstName: "Secret" });
    const other = await makeMember({ firstName: "Other" });
    const admin = await makeMember({ firstName: "Host", isAdmin: true });
    const meeting = await insertMeeting({ anonymous: true });
    const photo = await insertPhoto(owner.id, { caption: "Caption of the hidden photo" });
    await db().update(photos).set({ filename: "secret-file.jpg" }).where(eq(photos.id, photo.id));
    await submitDirectly(meeting.id, photo, 1);
    await submitDirectly(meeting.id, await insertPhoto(other.id), 1);
    const members = new Map([owner, other, admin].map((m) => [m.id, m.firstName]));
    const ownerMarks = [owner.lastName, owner.username, "secret-file"];
    const photoMarks = ["Caption of the hidden photo"];

    const heard: Heard[] = [];
    // The photo's room: a member and an admin look on while the owner comes, points, crops, comments and goes.
    for (const [name, member] of [
      ["a member", other],
      ["an admin", admin],
    ] as const) {
      const viewer = sockets.viewer(photo.id, { cookie: await cookieFor(member.id) });
      record(viewer, name, heard);
      await connected(viewer);
    }
    // The host's presenter's screen (`screen=1`): the call sees what it hears.
    const screen = connectTo<PhotoViewerSocket>(
      sockets.url,
      PHOTO_NAMESPACE,
      { id: String(photo.id), screen: "1" },
      { cookie: await cookieFor(admin.id) },
    );
    record(screen, "the host's presenter's screen", heard);
    await connected(screen);
    const lookingOn = sockets.viewer(photo.id, { cookie: await cookieFor(other.id) });
    await connected(lookingOn);
    const ownerJoined = nextMessage(lookingOn, "viewer.joined");
    const ownerWindow = sockets.viewer(photo.id, { cookie: await cookieFor(owner.id) });
    await connected(ownerWindow);
    await ownerJoined;
    const moved = nextMessage(lookingOn, "pointer");
    ownerWindow.emit("pointer", { dx: 0.3, dy: 0.4 });
    await moved;
    const cropped = nextMessage(lookingOn, "crop");
    ownerWindow.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.1 } });
    ownerWindow.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.5, dy: 0.5 } });
    await cropped;
    // A joiner's snapshot holds the owner's presence and crop.
    const late = sockets.viewer(photo.id, { cookie: await cookieFor(admin.id) });
    record(late, "an admin joining late", heard);
    const snapshot = nextMessage(late, "room");
    await connected(late);
    await snapshot;
    const created = nextMessage(lookingOn, "comment.created");
    const comment = await createComment(owner, { PhotoId: photo.id, body: "Shot at dawn" });
    await created;
    const updated = nextMessage(lookingOn, "comment.updated");
    await editComment(owner, comment.id, { body: "Shot at dawn, on the pier" });
    await updated;
    const deleted = nextMessage(lookingOn, "comment.deleted");
    await deleteComment(owner, comment.id);
    await deleted;
    const left = nextMessage(lookingOn, "viewer.left");
    ownerWindow.disconnect();
    await left;

    // The review room: the host leads on the hidden photo, hands the lead to the owner, who leaves.
    const { socket: member } = await enterReview(sockets, meeting.id, other);
    record(member, "a member in the review", heard);
    const host = await enterReview(sockets, meeting.id, admin);
    record(host.socket, "the host", heard);
    const watcher = connectTo<ReviewSocket>(
      sockets.url,
      REVIEW_NAMESPACE,
      { meeting: String(meeting.id), watch: "1" },
      { cookie: await cookieFor(other.id) },
    );
    record(watcher, "a watching page", heard);
    await connected(watcher);
    const ownerIn = nextReview(member, "member.joined");
    const ownerReview = await enterReview(sockets, meeting.id, owner);
    await ownerIn;
    const led = nextReview(member, "leader");
    host.socket.emit("lead");
    await led;
    const shown = nextReview(member, "view");
    host.socket.emit("view", {
      photoId: photo.id,
      zoom: 2,
      centerX: 0.5,
      centerY: 0.5,
      timerElapsedMs: 1000,
      timer: { leftMs: 600_000, photosLeft: 2 },
    });
    await shown;
    const handed = nextReview(member, "leader");
    host.socket.emit("handTo", { memberId: owner.id });
    // The host's own hand-on may first tell the room nobody leads; wait for the owner as leader.
    const leaders = [await handed];
    while (leaders.at(-1)?.leader?.id !== owner.id) leaders.push(await nextReview(member, "leader"));
    const ownerLeft = nextReview(member, "member.left");
    ownerReview.socket.disconnect();
    await ownerLeft;
    // A joiner's snapshot of the review.
    const lateReview = await enterReview(sockets, meeting.id, admin);
    heard.push({ event: "review", args: [lateReview.snapshot], by: "the host joining late" });

    // A competition night: the host shows the owner's entry's judge's comments, then its result, to the room.
    const { meeting: competition, categories } = await insertCompetition();
    const entry = await insertPhoto(owner.id, { caption: "Caption of the hidden entry" });
    photoMarks.push("Caption of the hidden entry");
    await enterDirectly(competition.id, categories[0]!.id, entry);
    const { token } = await insertJudge(competition.id);
    await saveScore(token, entry.id, { score: 19, critique: "Caption of the hidden entry: well seen." });
    const watching = await enterReview(sockets, competition.id, other);
    record(watching.socket, "a member on the competition's night", heard);
    const hosting = await enterReview(sockets, competition.id, admin);
    record(hosting.socket, "the competition's host", heard);
    for (const show of ["comments", "result"] as const) {
      const shown = nextReview(watching.socket, "entry");
      hosting.socket.emit("showEntry", { photoId: entry.id, show });
      await shown;
    }
    const lateNight = await enterReview(sockets, competition.id, other);
    heard.push({ event: "review", args: [lateNight.snapshot], by: "a member joining the night late" });

    // Every event either namespace can send was heard, or is listed with the reason it cannot be.
    const events = [...eventsOf("ServerToClientEvents"), ...eventsOf("ReviewServerToClientEvents")];
    const unheard = events.filter((event) => !(event in UNSENT) && !heard.some((h) => h.event === event));
    expect(unheard).toEqual([]);
    expect(Object.keys(UNSENT).filter((event) => !events.includes(event))).toEqual([]);

    const leaks: string[] = [];
    for (const { event, args, by } of heard) {
      const text = JSON.stringify(args);
      const ofPhoto = photoMarks.filter((mark) => text.includes(mark));
      const ofOwner = ownerMarks.filter((mark) => text.includes(mark));
      if (ofPhoto.length && ofOwner.length) leaks.push(`${event} to ${by}: ${ofPhoto} beside ${ofOwner}`);
      // A message about one of the owner's photos by its id (a screen's entry) names nothing of the owner.
      const aboutOwnersPhoto = [photo.id, entry.id].some((id) => text.includes(`"photoId":${id}`));
      if (aboutOwnersPhoto && ofOwner.length) leaks.push(`${event} to ${by}: a photo of theirs beside ${ofOwner}`);
      for (const { at, user } of membersIn(args)) {
        // A member is named as themself, with nothing more; a comment's author (User) is left out while hidden.
        const named = typeof user.id === "number" && members.get(user.id) === user.firstName;
        if (!named) leaks.push(`${event} to ${by}: ${JSON.stringify(user)} at ${at} is no member as they are`);
        else if (!("lastName" in user) && Object.keys(user).length !== 2) {
          leaks.push(`${event} to ${by}: ${JSON.stringify(user)} at ${at} carries more than a viewer's name`);
        }
      }
      const tied = (value: unknown): boolean =>
        Array.isArray(value)
          ? value.some(tied)
          : !!value &&
            typeof value === "object" &&
            ((((value as Record<string, unknown>).UserId === owner.id ||
              ((value as Record<string, unknown>).User as { id?: number } | null)?.id === owner.id) &&
              ((value as Record<string, unknown>).PhotoId === photo.id ||
                (value as Record<string, unknown>).id === photo.id)) ||
              Object.values(value).some(tied));
      if (tied(args)) leaks.push(`${event} to ${by}: ties the photo to its owner's id`);
    }
    expect(leaks).toEqual([]);
    // The owner was heard of, named, in both rooms (or the check proved nothing).
    const namedOwner = heard.filter(({ args }) => membersIn(args).some(({ user }) => user.id === owner.id));
    expect(new Set(namedOwner.map((h) => h.event))).toEqual(
      new Set(["viewer.joined", "pointer", "crop", "room", "viewer.left", "member.joined", "leader", "member.left"]),
    );
  });
});
