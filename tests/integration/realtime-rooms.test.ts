// A photo's room as the full-screen viewer uses it: who is
// viewing, told on joining and leaving; crops in all their phases, with a late
// joiner shown those already drawn; bad crop messages dropped.
import { describe, expect, it } from "vitest";
import type { CropMessage, PhotoRoomSnapshot } from "~/lib/realtime-events";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { connected, nextMessage, useSocketServer, type TestViewer } from "../support/sockets";

const sockets = useSocketServer();

/** A viewer of `photoId` as `member`, with the snapshot it receives on joining. */
async function join(photoId: number, member: { id: number }) {
  const socket = sockets.viewer(photoId, { cookie: await cookieFor(member.id) });
  const snapshot = nextMessage(socket, "room");
  await connected(socket);
  return { socket, snapshot: await snapshot };
}

const names = (snapshot: PhotoRoomSnapshot) => snapshot.viewers.map((p) => p.user.firstName).sort();

/** Waits until `socket` has heard a crop step of `phase` from `memberId` (and matching `also`). */
function cropFrom(
  socket: TestViewer,
  memberId: number,
  phase: CropMessage["phase"],
  also: (message: CropMessage) => boolean = () => true,
): Promise<CropMessage> {
  return new Promise((resolve) => {
    const listener = (message: CropMessage) => {
      if (message.user.id !== memberId || message.phase !== phase || !also(message)) return;
      socket.off("crop", listener);
      resolve(message);
    };
    socket.on("crop", listener);
  });
}

/** Two members, Ann and Bob, and a photo of Ann's for them to look at. */
async function annBobAndAnnsPhoto() {
  const ann = await makeMember({ firstName: "Ann" });
  const bob = await makeMember({ firstName: "Bob" });
  return { ann, bob, photo: await insertPhoto(ann.id) };
}

describe("who is viewing a photo", () => {
  it("tells a joiner who is there (themselves included) and the others who came and went", async () => {
    const { ann, bob, photo } = await annBobAndAnnsPhoto();

    const first = await join(photo.id, ann);
    expect(first.snapshot.me).toEqual({ id: ann.id, firstName: "Ann" });
    expect(names(first.snapshot)).toEqual(["Ann"]);

    const bobCame = nextMessage(first.socket, "viewer.joined");
    const second = await join(photo.id, bob);
    expect(names(second.snapshot)).toEqual(["Ann", "Bob"]);
    expect(await bobCame).toEqual({ socketId: second.socket.id, user: { id: bob.id, firstName: "Bob" } });

    const bobWent = nextMessage(first.socket, "viewer.left");
    const leaving = second.socket.id;
    second.socket.disconnect();
    expect(await bobWent).toEqual({ socketId: leaving, user: { id: bob.id, firstName: "Bob" } });
  });
});

describe("crops", () => {
  it("pass on start, drag, end and cancel, each with who drew it", async () => {
    const { ann, bob, photo } = await annBobAndAnnsPhoto();
    const { socket: annSocket } = await join(photo.id, ann);
    const { socket: bobSocket } = await join(photo.id, bob);
    const user = { id: ann.id, firstName: "Ann" };
    const steps = [
      { phase: "start", start: { dx: 0.1, dy: 0.2 } },
      { phase: "drag", start: { dx: 0.1, dy: 0.2 }, drag: { dx: 0.3, dy: 0.4 } },
      { phase: "end", start: { dx: 0.1, dy: 0.2 }, end: { dx: 0.5, dy: 0.6 } },
      { phase: "cancel" },
    ] as const;
    for (const step of steps) {
      const heard = nextMessage(bobSocket, "crop");
      annSocket.emit("crop", step);
      expect(await heard).toEqual({ ...step, user });
    }
  });

  it("drops a crop of the wrong shape or outside the photo, and passes the next good one", async () => {
    const ann = await makeMember();
    const bob = await makeMember();
    const photo = await insertPhoto(ann.id);
    const { socket: annSocket } = await join(photo.id, ann);
    const { socket: bobSocket } = await join(photo.id, bob);
    const raw = annSocket as unknown as { emit(event: string, payload: unknown): void };
    const first = nextMessage(bobSocket, "crop");
    for (const bad of [
      { phase: "end", start: { dx: 0.1, dy: 0.1 } }, // an end without its corner
      { phase: "drag", start: { dx: 0.1, dy: 0.1 }, drag: { dx: 1.5, dy: 0.2 } },
      { phase: "start", start: { dx: -0.01, dy: 0.2 } },
      { phase: "start", start: { dx: Number.NaN, dy: 0.2 } },
      { phase: "rotate", start: { dx: 0.1, dy: 0.1 } },
      "cancel",
      null,
      [1, 2, 3],
    ]) {
      raw.emit("crop", bad);
    }
    annSocket.emit("crop", { phase: "start", start: { dx: 0.7, dy: 0.7 } });
    expect(await first).toMatchObject({ phase: "start", start: { dx: 0.7, dy: 0.7 } });
  });

  it("are shown to a late joiner as they stand: the newest per member, none once cancelled", async () => {
    const ann = await makeMember({ firstName: "Ann" });
    const bob = await makeMember({ firstName: "Bob" });
    const cy = await makeMember({ firstName: "Cy" });
    const dee = await makeMember({ firstName: "Dee" });
    const photo = await insertPhoto(ann.id);
    const { socket: annSocket } = await join(photo.id, ann);
    const { socket: bobSocket } = await join(photo.id, bob);
    const { socket: cySocket } = await join(photo.id, cy);

    // Ann draws one crop and then replaces it; Bob leaves his in progress; Cy draws and cancels.
    const annDone = cropFrom(cySocket, ann.id, "end", (m) => m.phase === "end" && m.end.dx === 0.6);
    annSocket.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.2, dy: 0.2 } });
    annSocket.emit("crop", { phase: "start", start: { dx: 0.3, dy: 0.3 } });
    annSocket.emit("crop", { phase: "end", start: { dx: 0.3, dy: 0.3 }, end: { dx: 0.6, dy: 0.7 } });
    await annDone;
    const bobDragging = cropFrom(annSocket, bob.id, "drag");
    bobSocket.emit("crop", { phase: "start", start: { dx: 0.5, dy: 0.5 } });
    bobSocket.emit("crop", { phase: "drag", start: { dx: 0.5, dy: 0.5 }, drag: { dx: 0.9, dy: 0.8 } });
    await bobDragging;
    const cyCancelled = cropFrom(annSocket, cy.id, "cancel");
    cySocket.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.5 }, end: { dx: 0.2, dy: 0.6 } });
    cySocket.emit("crop", { phase: "cancel" });
    await cyCancelled;

    const { snapshot } = await join(photo.id, dee);
    expect(snapshot.crops).toHaveLength(2);
    expect(snapshot.crops).toEqual(
      expect.arrayContaining([
        {
          phase: "end",
          start: { dx: 0.3, dy: 0.3 },
          end: { dx: 0.6, dy: 0.7 },
          user: { id: ann.id, firstName: "Ann" },
        },
        {
          phase: "drag",
          start: { dx: 0.5, dy: 0.5 },
          drag: { dx: 0.9, dy: 0.8 },
          user: { id: bob.id, firstName: "Bob" },
        },
      ]),
    );

    // Bob leaves: his crop goes with him, for those there (they drop it on his leaving) and those to come.
    const bobLeft = nextMessage(annSocket, "viewer.left");
    bobSocket.disconnect();
    await bobLeft;
    const later = await join(photo.id, await makeMember());
    expect(later.snapshot.crops.map((crop) => crop.user.id)).toEqual([ann.id]);
  });

  it("a crop goes when the window that drew it closes, though another window of the member stays", async () => {
    const { ann, bob, photo } = await annBobAndAnnsPhoto();
    const { socket: laptop } = await join(photo.id, ann);
    const { socket: phone } = await join(photo.id, ann);
    const { socket: bobSocket } = await join(photo.id, bob);
    const drawn = cropFrom(bobSocket, ann.id, "end");
    laptop.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.4, dy: 0.4 } });
    await drawn;
    const takenAway = cropFrom(bobSocket, ann.id, "cancel");
    laptop.disconnect();
    await takenAway;
    expect(phone.connected).toBe(true);
    const { snapshot } = await join(photo.id, await makeMember());
    expect(snapshot.crops).toEqual([]);
  });
});
