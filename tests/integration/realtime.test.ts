// socket.io on a real HTTP server: only members get in, what one viewer of a
// photo sends reaches the other viewers of that photo and nobody else, a flood
// is cut down (per member: realtime-floods.test.ts shows it across their
// sockets), and ending a session closes the sockets opened with it.
import { describe, expect, it } from "vitest";
import type { PhotoViewerSocket, PointerFrame } from "~/lib/realtime-events";
import { MESSAGE_LIMITS } from "~/realtime/server/photo-viewers.server";
import { destroyMemberSessions } from "~/services/auth/session.server";
import { publish } from "~/services/events.server";
import { action as logout } from "~/routes/logout";
import { action as userApi } from "~/routes/api/users.user";
import { TEST_PASSWORD, cookieFor, cookieHeaderFrom, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";
import {
  connected,
  deactivateMember,
  framesUntil,
  nextMessage,
  refused,
  useSocketServer,
  nextFrame,
  pointerOf,
} from "../support/sockets";

/** A real photo to view (the namespace refuses ids of photos that do not exist). */
const photoBy = async (userId: number) => (await insertPhoto(userId)).id;

const sockets = useSocketServer();

/** Three members, Ann, Bob and Cy, all in the room of a photo of Ann's. */
async function threeViewers() {
  const ann = await makeMember();
  const bob = await makeMember();
  const cy = await makeMember();
  const photo = await photoBy(ann.id);
  const annSocket = sockets.viewer(photo, { cookie: await cookieFor(ann.id) });
  const bobSocket = sockets.viewer(photo, { cookie: await cookieFor(bob.id) });
  const cySocket = sockets.viewer(photo, { cookie: await cookieFor(cy.id) });
  await Promise.all([connected(annSocket), connected(bobSocket), connected(cySocket)]);
  return { ann, bob, cy, photo, annSocket, bobSocket, cySocket };
}

const twoViewers = threeViewers;

/** Where a member's pointer was last seen in these frames (undefined: never). */
const lastMoveOf = (frames: PointerFrame[], memberId: number) =>
  frames
    .flat()
    .filter((move) => move.user.id === memberId)
    .at(-1);

describe("photo viewers namespace", () => {
  it("refuses a visitor without a session", async () => {
    expect(await refused(sockets.viewer(1))).toBe("unauthorized");
  });

  it("relays a pointer to the other viewers of the same photo only, as a frame with who sent it", async () => {
    const ann = await makeMember({ firstName: "Ann" });
    const bob = await makeMember({ firstName: "Bob" });
    const carl = await makeMember({ firstName: "Carl" });
    const shared = await photoBy(ann.id);
    const annSocket = sockets.viewer(shared, { cookie: await cookieFor(ann.id) });
    const bobSocket = sockets.viewer(shared, { cookie: await cookieFor(bob.id) });
    const carlSocket = sockets.viewer(await photoBy(carl.id), { cookie: await cookieFor(carl.id) });
    await Promise.all([connected(annSocket), connected(bobSocket), connected(carlSocket)]);

    let carlHeard = false;
    carlSocket.on("pointer", () => (carlHeard = true));
    let annHeardHerself = false;
    annSocket.on("pointer", () => (annHeardHerself = true));

    const received = nextFrame(bobSocket);
    annSocket.emit("pointer", { dx: 0.25, dy: 0.75 });
    expect(await received).toEqual([pointerOf(ann, 0.25, 0.75)]);

    // A crop goes the same way.
    const crop = nextMessage(bobSocket, "crop");
    annSocket.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.2 } });
    expect(await crop).toEqual({ phase: "start", start: { dx: 0.1, dy: 0.2 }, user: { id: ann.id, firstName: "Ann" } });

    // Give stray deliveries a moment to arrive before saying they did not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(carlHeard).toBe(false);
    expect(annHeardHerself).toBe(false);
  });

  it("sends each viewer one frame of the moves of a tick, the latest of each member, never its own", async () => {
    const { ann, bob, cy, annSocket, bobSocket, cySocket } = await threeViewers();
    const cyHears = framesUntil(cySocket, (move) => move.dx === 0.99);
    const annHears = framesUntil(annSocket, (move) => move.user.id === bob.id && move.dx === 0.98);
    // 20 moves each from Ann and Bob at once, Ann's last at 0.99, Bob's at 0.98.
    for (let i = 1; i <= 20; i++) {
      annSocket.emit("pointer", { dx: i === 20 ? 0.99 : i / 100, dy: 0.5 });
      bobSocket.emit("pointer", { dx: i === 20 ? 0.98 : i / 100, dy: 0.25 });
    }
    const cyFrames = await cyHears;
    // Batched: far fewer frames than the 40 moves, each member at most once in a frame.
    expect(cyFrames.length).toBeLessThan(20);
    for (const frame of cyFrames) expect(new Set(frame.map((move) => move.user.id)).size).toBe(frame.length);
    expect(lastMoveOf(cyFrames, ann.id)).toEqual(pointerOf(ann, 0.99, 0.5));
    // Ann hears Bob, never herself.
    const annFrames = await annHears;
    expect(lastMoveOf(annFrames, bob.id)).toEqual(pointerOf(bob, 0.98, 0.25));
    expect(lastMoveOf(annFrames, ann.id)).toBeUndefined();
    expect(lastMoveOf(cyFrames, cy.id)).toBeUndefined();
  });

  it("drops malformed messages instead of passing them on", async () => {
    const { ann, bob, annSocket, bobSocket, cySocket } = await threeViewers();
    const raw = annSocket as unknown as { emit(event: string, payload: unknown): void };
    raw.emit("pointer", { dx: 7, dy: 0.5 });
    raw.emit("pointer", { dx: "0.5", dy: 0.5, user: { id: 999, firstName: "Spoof" } });
    raw.emit("pointer", { dx: 0.5 });
    // One socket's messages are handled in order: once Ann's cancel is heard, her bad moves were handled,
    // and had one been taken it would be in the frame with Bob's next move, or an earlier one.
    const cancelled = nextMessage(cySocket, "crop");
    annSocket.emit("crop", { phase: "cancel" });
    await cancelled;
    const heard = framesUntil(cySocket, (move) => move.user.id === bob.id);
    bobSocket.emit("pointer", { dx: 0.3, dy: 0.3 });
    expect((await heard).flat()).toEqual([pointerOf(bob, 0.3, 0.3)]);
    // Ann's next good move goes through, under her own id.
    const good = framesUntil(cySocket, (move) => move.user.id === ann.id);
    annSocket.emit("pointer", { dx: 0.5, dy: 0.5 });
    expect(lastMoveOf(await good, ann.id)).toEqual(pointerOf(ann, 0.5, 0.5));
  });

  /**
   * How many of a flood of crop clicks (start) reach another viewer. One socket's messages are handled
   * in order, so a last message of another kind, whose own budget is untouched (a drag), marks the end:
   * every click taken was passed on before it.
   */
  async function floodClicks(): Promise<number> {
    const { annSocket, bobSocket } = await twoViewers();
    let received = 0;
    const ended = new Promise<void>((resolve) =>
      bobSocket.on("crop", (step) => {
        if (step.phase === "start") received++;
        else if (step.phase === "drag") resolve();
      }),
    );
    for (let i = 0; i < 10 * MESSAGE_LIMITS.crop; i++)
      annSocket.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.1 } });
    annSocket.emit("crop", { phase: "drag", start: { dx: 0.1, dy: 0.1 }, drag: { dx: 0.2, dy: 0.2 } });
    await ended;
    return received;
  }

  /**
   * How many of a flood of moves of one kind were taken: move i is at dx i/1000 and the first ones are
   * taken, so the last position says how many. Pointer moves: the last heard (they reach the room in
   * frames, the latest of each member per tick); Bob's move, sent once Ann's cancel was heard, marks
   * the end (Ann's last taken move is in its frame or an earlier one). Crop drags: the crop a joiner is
   * shown, once Ann's pointer, sent after her drags on the same socket, was heard.
   */
  async function floodMoves(kind: "pointer" | "drag"): Promise<number> {
    const { ann, bob, photo, annSocket, bobSocket, cySocket } = await threeViewers();
    const flood = 10 * MESSAGE_LIMITS[kind];
    if (kind === "drag") {
      const marked = framesUntil(cySocket, (move) => move.user.id === ann.id);
      for (let i = 1; i <= flood; i++) {
        annSocket.emit("crop", { phase: "drag", start: { dx: 0, dy: 0 }, drag: { dx: i / 1000, dy: 0.5 } });
      }
      annSocket.emit("pointer", { dx: 0.5, dy: 0.5 });
      await marked;
      const joiner = sockets.viewer(photo, { cookie: await cookieFor(bob.id) });
      const snapshot = nextMessage(joiner, "room");
      await connected(joiner);
      const crop = (await snapshot).crops.find((step) => step.user.id === ann.id);
      return crop?.phase === "drag" ? Math.round(1000 * crop.drag.dx) : -1;
    }
    const heard = framesUntil(cySocket, (move) => move.user.id === bob.id);
    for (let i = 1; i <= flood; i++) annSocket.emit("pointer", { dx: i / 1000, dy: 0.5 });
    const cancelled = nextMessage(cySocket, "crop");
    annSocket.emit("crop", { phase: "cancel" });
    await cancelled;
    bobSocket.emit("pointer", { dx: 0.5, dy: 0.5 });
    const frames = await heard;
    return Math.round(1000 * lastMoveOf(frames, ann.id)!.dx);
  }

  it("passes on at most 60 pointer messages a second from one member, and drops the rest", async () => {
    expect(MESSAGE_LIMITS.pointer).toBe(60);
    expect(await floodMoves("pointer")).toBe(MESSAGE_LIMITS.pointer);
  });

  it("takes at most 60 crop drags a second from one member, and passes on the latest taken", async () => {
    expect(MESSAGE_LIMITS.drag).toBe(60);
    expect(await floodMoves("drag")).toBe(MESSAGE_LIMITS.drag);
  });

  it("passes on at most 10 crop clicks (start, end, cancel) a second from one member, and drops the rest", async () => {
    expect(MESSAGE_LIMITS.crop).toBe(10);
    expect(await floodClicks()).toBe(MESSAGE_LIMITS.crop);
  });

  it("never lets a flood of drags cost a crop its end: clicks have their own budget", async () => {
    const { ann, annSocket, bobSocket } = await twoViewers();
    const end = new Promise<unknown>((resolve) => bobSocket.on("crop", (m) => m.phase === "end" && resolve(m)));
    annSocket.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.1 } });
    for (let i = 0; i < 10 * MESSAGE_LIMITS.drag; i++) {
      annSocket.emit("crop", { phase: "drag", start: { dx: 0.1, dy: 0.1 }, drag: { dx: 0.2, dy: 0.3 } });
    }
    annSocket.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.4, dy: 0.5 } });
    expect(await end).toEqual({
      phase: "end",
      start: { dx: 0.1, dy: 0.1 },
      end: { dx: 0.4, dy: 0.5 },
      user: { id: ann.id, firstName: ann.firstName },
    });
  });
});

describe("the handshake's origin", () => {
  it("admits the site's own origin (the Host it was sent to, or BASE_URL) and clients that send none", async () => {
    const member = await makeMember();
    const photo = await photoBy(member.id);
    const cookie = await cookieFor(member.id);
    await connected(sockets.viewer(photo, { cookie, origin: sockets.url }));
    await connected(sockets.viewer(photo, { cookie, origin: "http://club.test" }));
    await connected(sockets.viewer(photo, { cookie }));
  });

  it("refuses a page of another site, even with a member's cookie", async () => {
    const member = await makeMember();
    const photo = await photoBy(member.id);
    const cookie = await cookieFor(member.id);
    for (const origin of ["http://evil.test", "http://club.test.evil.test", "null"]) {
      const socket = sockets.viewer(photo, { cookie, origin });
      expect(await refused(socket)).toBeTruthy();
      expect(socket.connected).toBe(false);
    }
    // Refused at the engine, before any namespace: the plain HTTP handshake is 403 as well.
    const handshake = (origin: string) =>
      fetch(`${sockets.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: origin, Cookie: cookie } });
    expect((await handshake("http://evil.test")).status).toBe(403);
    expect((await handshake(sockets.url)).status).toBe(200);
  });
});

describe("ending sessions closes their sockets", () => {
  /** Proves a socket is still live on the server: its pointer reaches a witness in the same room. */
  async function stillHeard(socket: PhotoViewerSocket, witness: PhotoViewerSocket) {
    const heard = nextFrame(witness);
    socket.emit("pointer", { dx: 0.5, dy: 0.5 });
    await heard;
  }

  /** A member in the room of a photo of theirs from two sessions (laptop and phone), with a witness there. */
  async function onTwoDevices() {
    const member = await makeMember();
    const witness = await makeMember();
    const photo = await photoBy(member.id);
    const [laptop, phone] = [await cookieFor(member.id), await cookieFor(member.id)];
    const onLaptop = sockets.viewer(photo, { cookie: laptop });
    const onPhone = sockets.viewer(photo, { cookie: phone });
    const watching = sockets.viewer(photo, { cookie: await cookieFor(witness.id) });
    await Promise.all([connected(onLaptop), connected(onPhone), connected(watching)]);
    return { member, photo, laptop, phone, onLaptop, onPhone, watching };
  }

  it("logging out (POST /logout) closes the sockets of that session only, and it cannot come back", async () => {
    const { member, photo, laptop, onLaptop, onPhone, watching } = await onTwoDevices();
    const alsoOnLaptop = sockets.viewer(await photoBy(member.id), { cookie: laptop });
    await connected(alsoOnLaptop);

    const response = await call(logout, request("/logout", { method: "POST", cookie: laptop }));
    expect(response.status).toBe(302);
    await Promise.all([onLaptop.disconnection, alsoOnLaptop.disconnection]);
    expect(onLaptop.connected || alsoOnLaptop.connected).toBe(false);
    await stillHeard(onPhone, watching);
    expect(await refused(sockets.viewer(photo, { cookie: laptop }))).toBe("unauthorized");
  });

  it("a new password (PATCH /api/users/{id}) closes every socket of the member; the fresh session gets in", async () => {
    const { member, photo, laptop, phone, onLaptop, onPhone, watching } = await onTwoDevices();

    const response = await call(
      userApi,
      request(`/api/users/${member.id}`, {
        method: "PATCH",
        cookie: laptop,
        json: { password: "new-darkroom-42", confirmPassword: "new-darkroom-42", currentPassword: TEST_PASSWORD },
      }),
      { userId: String(member.id) },
    );
    expect(response.status).toBe(200);
    await Promise.all([onLaptop.disconnection, onPhone.disconnection]);
    expect(onLaptop.connected || onPhone.connected).toBe(false);
    expect(await refused(sockets.viewer(photo, { cookie: phone }))).toBe("unauthorized");
    const fresh = cookieHeaderFrom(response.headers.get("Set-Cookie"));
    const again = sockets.viewer(photo, { cookie: fresh });
    await connected(again);
    await stillHeard(watching, again);
  });

  it("destroyMemberSessions closes every live connection of that member, and only theirs", async () => {
    const leaving = await makeMember();
    const staying = await makeMember();
    const [one, two] = [await photoBy(staying.id), await photoBy(staying.id)];
    const first = sockets.viewer(one, { cookie: await cookieFor(leaving.id) });
    const second = sockets.viewer(two, { cookie: await cookieFor(leaving.id) });
    const other = sockets.viewer(one, { cookie: await cookieFor(staying.id) });
    const witness = sockets.viewer(one, { cookie: await cookieFor(staying.id) });
    await Promise.all([connected(first), connected(second), connected(other), connected(witness)]);
    await destroyMemberSessions(leaving.id);
    await Promise.all([first.disconnection, second.disconnection]);
    expect(first.connected || second.connected).toBe(false);
    await stillHeard(other, witness);
  });

  it("deactivating a member (DELETE /api/users/{id}) closes their live sockets at once, and they cannot come back", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const photo = await photoBy(member.id);
    const memberCookie = await cookieFor(member.id);
    const socket = sockets.viewer(photo, { cookie: memberCookie });
    const watching = sockets.viewer(photo, { cookie: await cookieFor(admin.id) });
    await Promise.all([connected(socket), connected(watching)]);

    await deactivateMember(admin.id, member.id);
    await socket.disconnection;
    expect(socket.connected).toBe(false);
    expect(watching.connected).toBe(true);
    expect(await refused(sockets.viewer(photo, { cookie: memberCookie }))).toBe("unauthorized");
  });

  it("an event for a session nobody holds a socket of closes nothing", async () => {
    const { bob: witness, annSocket: socket, bobSocket: watching } = await twoViewers();
    publish("session.ended", { sessionId: "not-a-session" });
    publish("sessions.ended", { userId: witness.id + 1000000 });
    await stillHeard(socket, watching);
  });
});
