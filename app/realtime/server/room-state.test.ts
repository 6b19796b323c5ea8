import { describe, expect, it } from "vitest";
import { cropTime, cropsOf, presenceOf, type RoomSocket } from "./room-state";

const ann = { id: 1, firstName: "Ann" };
const bob = { id: 2, firstName: "Bob" };

describe("what a room remembers", () => {
  it("gives each member's newest crop step across their windows, and none once they cancelled", () => {
    const sockets: RoomSocket[] = [
      { id: "a1", data: { viewer: ann, crop: { message: { phase: "start", start: { dx: 0.1, dy: 0.1 } }, at: 1 } } },
      {
        id: "a2",
        data: {
          viewer: ann,
          crop: { message: { phase: "end", start: { dx: 0.2, dy: 0.2 }, end: { dx: 0.3, dy: 0.3 } }, at: 2 },
        },
      },
      { id: "b1", data: { viewer: bob, crop: { message: { phase: "start", start: { dx: 0.5, dy: 0.5 } }, at: 1 } } },
      { id: "b2", data: { viewer: bob, crop: { message: { phase: "cancel" }, at: 3 } } },
      { id: "c1", data: { viewer: { id: 3, firstName: "Cy" } } },
    ];
    expect(cropsOf(sockets)).toEqual([
      { phase: "end", start: { dx: 0.2, dy: 0.2 }, end: { dx: 0.3, dy: 0.3 }, user: ann },
    ]);
    expect(presenceOf(sockets).map((p) => [p.socketId, p.user.id])).toEqual([
      ["a1", 1],
      ["a2", 1],
      ["b1", 2],
      ["b2", 2],
      ["c1", 3],
    ]);
  });

  it("stamps crop steps in increasing order even within one millisecond", () => {
    const first = cropTime(1000);
    const second = cropTime(1000);
    expect(second).toBeGreaterThan(first);
  });
});
