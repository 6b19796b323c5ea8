// The presenter's screen in a photo's room: members on the
// call see only the shared window, so it shows the pointers and crops the
// viewers see. It joins with `screen=1`: in nobody's presence list, sending
// nothing, and shown every member's marks, its own member's (the host, drawing
// in their viewer) included, under the very names the viewers get (in an
// anonymous meeting, the owner's label is whatever the room gives every viewer).
import { describe, expect, it } from "vitest";
import { PHOTO_NAMESPACE } from "~/lib/live-names";
import type { PhotoViewerSocket, PointerMessage } from "~/lib/realtime-events";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { connected, connectTo, framesUntil, nextMessage, useSocketServer } from "../support/sockets";

const sockets = useSocketServer();

/** `member`'s presenter's screen on `photoId`, with the snapshot it receives on joining. */
async function screenOf(photoId: number, member: { id: number }) {
  const screen = connectTo<PhotoViewerSocket>(
    sockets.url,
    PHOTO_NAMESPACE,
    { id: String(photoId), screen: "1" },
    { cookie: await cookieFor(member.id) },
  );
  const snapshot = nextMessage(screen, "room");
  await connected(screen);
  return { screen, snapshot: await snapshot };
}

async function viewerOf(photoId: number, member: { id: number }) {
  const socket = sockets.viewer(photoId, { cookie: await cookieFor(member.id) });
  const snapshot = nextMessage(socket, "room");
  await connected(socket);
  return { socket, snapshot: await snapshot };
}

/** The pointer messages `socket` hears until one is at `dx`. */
async function pointerAt(socket: PhotoViewerSocket, dx: number, move: () => void): Promise<PointerMessage> {
  const frames = framesUntil(socket, (message) => message.dx === dx);
  move();
  return (await frames).flat().find((message) => message.dx === dx)!;
}

describe("the presenter's screen in a photo's room", () => {
  it("shows every member's pointer and crop, its host's own included, and is in nobody's presence list", async () => {
    const host = await makeMember({ firstName: "Hal", isAdmin: true });
    const bea = await makeMember({ firstName: "Bea" });
    const photo = await insertPhoto(bea.id);
    const halViewer = await viewerOf(photo.id, host);
    const beaViewer = await viewerOf(photo.id, bea);

    const firstJoined = nextMessage(beaViewer.socket, "viewer.joined");
    const { screen, snapshot } = await screenOf(photo.id, host);
    // The screen is told who is viewing (the two windows), and nobody is told of it: the first joining Bea
    // hears of after it is Cy's.
    expect(snapshot.viewers.map((presence) => presence.user.firstName).sort()).toEqual(["Bea", "Hal"]);
    const late = await viewerOf(photo.id, await makeMember({ firstName: "Cy" }));
    expect(late.snapshot.viewers.map((presence) => presence.user.firstName).sort()).toEqual(["Bea", "Cy", "Hal"]);
    expect((await firstJoined).user.firstName).toBe("Cy");

    // Bea's pointer and crop reach the screen as they reach Hal's viewer.
    expect(await pointerAt(screen, 0.31, () => beaViewer.socket.emit("pointer", { dx: 0.31, dy: 0.4 }))).toEqual({
      dx: 0.31,
      dy: 0.4,
      user: { id: bea.id, firstName: "Bea" },
    });
    const beaCrop = nextMessage(screen, "crop");
    beaViewer.socket.emit("crop", { phase: "start", start: { dx: 0.2, dy: 0.2 } });
    expect(await beaCrop).toEqual({
      phase: "start",
      start: { dx: 0.2, dy: 0.2 },
      user: { id: bea.id, firstName: "Bea" },
    });

    // Hal's own, from his viewer: his other windows never get them back, his screen does (the call sees it there).
    expect(await pointerAt(screen, 0.62, () => halViewer.socket.emit("pointer", { dx: 0.62, dy: 0.5 }))).toEqual({
      dx: 0.62,
      dy: 0.5,
      user: { id: host.id, firstName: "Hal" },
    });
    const halCrop = nextMessage(screen, "crop");
    const end = { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.5, dy: 0.6 } } as const;
    halViewer.socket.emit("crop", end);
    expect(await halCrop).toEqual({ ...end, user: { id: host.id, firstName: "Hal" } });

    // A screen only watches: what it sends goes nowhere (Bea hears Cy's later move, never the screen's).
    const beaHears = framesUntil(beaViewer.socket, (message) => message.dx === 0.77);
    screen.emit("pointer", { dx: 0.11, dy: 0.11 });
    screen.emit("crop", { phase: "start", start: { dx: 0.11, dy: 0.11 } });
    late.socket.emit("pointer", { dx: 0.77, dy: 0.7 });
    const heard = (await beaHears).flat();
    expect(heard.some((message) => message.dx === 0.11)).toBe(false);

    // Its leaving is not announced either: the first leaving Bea hears of is Cy's, who left after it.
    const firstLeft = nextMessage(beaViewer.socket, "viewer.left");
    const screenId = screen.id!;
    screen.disconnect();
    await expect.poll(() => sockets.io.of(PHOTO_NAMESPACE).sockets.has(screenId)).toBe(false);
    late.socket.disconnect();
    expect((await firstLeft).user.firstName).toBe("Cy");
  });

  it("labels the owner of an anonymous meeting's photo exactly as the viewers' rooms do", async () => {
    const host = await makeMember({ firstName: "Hal", isAdmin: true });
    const owner = await makeMember({ firstName: "Olga" });
    const other = await makeMember({ firstName: "Otto" });
    const meeting = await insertMeeting({ anonymous: true });
    const photo = await insertPhoto(owner.id);
    await submitDirectly(meeting.id, photo, 1);
    const otherViewer = await viewerOf(photo.id, other);
    const { screen } = await screenOf(photo.id, host);
    const ownerViewer = await viewerOf(photo.id, owner);

    const screenSees = pointerAt(screen, 0.45, () => ownerViewer.socket.emit("pointer", { dx: 0.45, dy: 0.45 }));
    const otherSees = framesUntil(otherViewer.socket, (message) => message.dx === 0.45);
    const onScreen = await screenSees;
    const inViewer = (await otherSees).flat().find((message) => message.dx === 0.45)!;
    expect(onScreen.user).toEqual(inViewer.user);
    const screenCrop = nextMessage(screen, "crop");
    const viewerCrop = nextMessage(otherViewer.socket, "crop");
    ownerViewer.socket.emit("crop", { phase: "start", start: { dx: 0.3, dy: 0.3 } });
    expect((await screenCrop).user).toEqual((await viewerCrop).user);
    screen.disconnect();
  });
});
