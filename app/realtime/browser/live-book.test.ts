import { describe, expect, it } from "vitest";
import { memberColour } from "~/lib/member-colour";
import type { CropMessage } from "~/lib/realtime-events";
import { CropBook, LiveRoom, POINTER_LIFETIME_MS, PointerBook, PresenceBook, cropRectangle } from "./live-book";

const ann = { id: 1, firstName: "Ann" };
const bob = { id: 2, firstName: "Bob" };

describe("PointerBook", () => {
  it("keeps each member's latest pointer, in their colour, and drops it 5 s after its last move", () => {
    expect(POINTER_LIFETIME_MS).toBe(5000);
    const pointers = new PointerBook();
    pointers.moved({ user: ann, dx: 0.1, dy: 0.2 }, 1000);
    pointers.moved({ user: bob, dx: 0.5, dy: 0.5 }, 3000);
    pointers.moved({ user: ann, dx: 0.3, dy: 0.4 }, 2000);
    expect(pointers.list()).toEqual([
      { user: ann, colour: memberColour(1), dx: 0.3, dy: 0.4 },
      { user: bob, colour: memberColour(2), dx: 0.5, dy: 0.5 },
    ]);
    expect(pointers.nextExpiry()).toBe(7000);
    expect(pointers.expire(6999)).toBe(false);
    expect(pointers.expire(7000)).toBe(true);
    expect(pointers.list().map((p) => p.user)).toEqual([bob]);
    expect(pointers.nextExpiry()).toBe(8000);
    expect(pointers.expire(8000)).toBe(true);
    expect(pointers.list()).toEqual([]);
    expect(pointers.nextExpiry()).toBeNull();
  });
});

describe("PointerBook.movedInFrame", () => {
  it("moves the members of a frame, named by their messages, and skips this viewer's own member", () => {
    const pointers = new PointerBook();
    const me = bob;
    const frame = [
      { user: ann, dx: 0.1, dy: 0.2 },
      { user: bob, dx: 0.3, dy: 0.3 },
    ];
    expect(pointers.movedInFrame(frame, me.id, 1000)).toBe(true);
    expect(pointers.list()).toEqual([{ user: ann, colour: memberColour(ann.id), dx: 0.1, dy: 0.2 }]);
    expect(pointers.movedInFrame([{ user: bob, dx: 0.5, dy: 0.5 }], me.id, 1100)).toBe(false);
    expect(pointers.list()).toHaveLength(1);
  });
});

describe("cropRectangle", () => {
  it("is the rectangle between the first click and the pointer, whichever way it was drawn", () => {
    const crop: CropMessage = { user: ann, phase: "drag", start: { dx: 0.8, dy: 0.6 }, drag: { dx: 0.2, dy: 0.9 } };
    const rectangle = cropRectangle(crop)!;
    expect(rectangle).toMatchObject({ x: 0.2, y: 0.6, done: false, user: ann, colour: memberColour(1) });
    expect(rectangle.width).toBeCloseTo(0.6);
    expect(rectangle.height).toBeCloseTo(0.3);
    expect(
      cropRectangle({ user: ann, phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.2, dy: 0.3 } }),
    ).toMatchObject({ done: true });
    expect(cropRectangle({ user: ann, phase: "start", start: { dx: 0.1, dy: 0.1 } })).toMatchObject({
      width: 0,
      height: 0,
    });
    expect(cropRectangle({ user: ann, phase: "cancel" })).toBeNull();
  });
});

describe("CropBook", () => {
  it("keeps one crop per member: a new one replaces theirs, a cancel takes it away", () => {
    const crops = new CropBook();
    crops.received({ user: ann, phase: "start", start: { dx: 0.1, dy: 0.1 } });
    crops.received({ user: bob, phase: "end", start: { dx: 0.5, dy: 0.5 }, end: { dx: 0.6, dy: 0.6 } });
    crops.received({ user: ann, phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.3, dy: 0.3 } });
    expect(crops.list().map((c) => [c.user.id, c.done])).toEqual([
      [1, true],
      [2, true],
    ]);
    crops.received({ user: ann, phase: "cancel" });
    expect(crops.list().map((c) => c.user.id)).toEqual([2]);
  });

  it("takes a late joiner's snapshot, unless a newer step of that member came first", () => {
    const crops = new CropBook();
    // Bob cancelled while the snapshot (still holding his crop) was on its way.
    crops.received({ user: bob, phase: "cancel" });
    crops.snapshot([
      { user: ann, phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.2, dy: 0.2 } },
      { user: bob, phase: "end", start: { dx: 0.5, dy: 0.5 }, end: { dx: 0.6, dy: 0.6 } },
    ]);
    expect(crops.list().map((c) => c.user.id)).toEqual([1]);
  });

  it("drops the crops of members no longer in the room", () => {
    const crops = new CropBook();
    crops.received({ user: ann, phase: "start", start: { dx: 0.1, dy: 0.1 } });
    crops.received({ user: bob, phase: "start", start: { dx: 0.1, dy: 0.1 } });
    crops.keepOnly((id) => id === bob.id);
    expect(crops.list().map((c) => c.user.id)).toEqual([2]);
  });
});

describe("PresenceBook", () => {
  it("lists each member once however many windows they have, and forgets them with their last", () => {
    const presence = new PresenceBook();
    presence.snapshot([
      { socketId: "a1", user: ann },
      { socketId: "b1", user: bob },
    ]);
    presence.joined({ socketId: "a2", user: ann });
    expect(presence.viewers()).toEqual([ann, bob]);
    presence.left({ socketId: "a1", user: ann });
    expect(presence.has(ann.id)).toBe(true);
    presence.left({ socketId: "a2", user: ann });
    expect(presence.has(ann.id)).toBe(false);
    expect(presence.viewers()).toEqual([bob]);
  });

  it("never brings back, from a snapshot gathered earlier, a connection seen leaving", () => {
    const presence = new PresenceBook();
    presence.joined({ socketId: "b1", user: bob });
    presence.left({ socketId: "a1", user: ann });
    presence.snapshot([{ socketId: "a1", user: ann }]);
    expect(presence.viewers()).toEqual([bob]);
  });
});

describe("LiveRoom as React reads it", () => {
  it("gives the same snapshot until it is told of a change, then tells its subscribers", () => {
    const room = new LiveRoom();
    const told: string[] = [];
    const unsubscribe = room.subscribe(() => told.push("changed"));
    const empty = room.getSnapshot();
    expect(empty).toEqual({ viewers: [], pointers: [], crops: [] });
    // useSyncExternalStore renders again whenever two reads differ: a new object each call would never settle.
    expect(room.getSnapshot()).toBe(empty);

    room.presence.joined({ socketId: "a1", user: ann });
    room.crops.received({ user: ann, phase: "start", start: { dx: 0.1, dy: 0.1 } });
    expect(room.getSnapshot()).toBe(empty);
    room.changed();
    expect(told).toEqual(["changed"]);
    const withAnn = room.getSnapshot();
    expect(withAnn.viewers).toEqual([ann]);
    expect(withAnn.crops.map((c) => c.user)).toEqual([ann]);
    expect(room.getSnapshot()).toBe(withAnn);

    unsubscribe();
    room.clear();
    room.changed();
    expect(told).toEqual(["changed"]);
    expect(room.getSnapshot()).toEqual({ viewers: [], pointers: [], crops: [] });
  });

  it("leaves out this browser's own member and forgets a member's pointer and crop when they leave", () => {
    const room = new LiveRoom();
    room.me = bob;
    room.presence.snapshot([
      { socketId: "a1", user: ann },
      { socketId: "b1", user: bob },
    ]);
    const frame = [
      { user: ann, dx: 0.1, dy: 0.2 },
      { user: bob, dx: 0.3, dy: 0.3 },
    ];
    expect(room.movedPointers(frame, 1000)).toBe(true);
    expect(room.isMe(bob)).toBe(true);
    room.crops.received({ user: ann, phase: "start", start: { dx: 0.1, dy: 0.1 } });
    room.changed();
    expect(room.getSnapshot().pointers.map((p) => p.user)).toEqual([ann]);

    room.presence.left({ socketId: "a1", user: ann });
    room.tidy();
    room.changed();
    expect(room.getSnapshot()).toEqual({ viewers: [bob], pointers: [], crops: [] });
  });
});
