// One member cannot stall the live layer. The site and its
// sockets share one HTTP server and one event loop, as in production: a member
// opens as many sockets on one photo as the caps let in (100 tried) and floods
// crop drags from all of them, while another member's GET /api/photos/random is
// timed. Past the caps sockets are refused with words a window can show; a
// member's messages are limited across all their sockets; crop drags reach a
// room coalesced, and never come back to the member who drew them.
import { describe, expect, it } from "vitest";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { useLiveSite } from "../support/live-site";
import { connected, framesUntil, type TestViewer } from "../support/sockets";

const site = useLiveSite();

/** What the defaults let one member hold (docs/security.md). */
const SOCKETS_PER_ROOM = 6;
const DRAGS_PER_SECOND = 60;
const ATTEMPTS = 100;
/** How long the flood lasts, and how often each socket sends a drag meanwhile (above the per-member limit). */
const FLOOD_MS = 3000;
const DRAG_EVERY_MS = 5;

const drag = (i: number) => ({
  phase: "drag" as const,
  start: { dx: 0.1, dy: 0.1 },
  drag: { dx: 0.2 + (i % 700) / 1000, dy: 0.5 },
});

/** GET /api/photos/random as `cookie`'s member, and how long the answer took (ms). */
async function timedRandom(cookie: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(`${site.url}/api/photos/random`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  await response.json();
  return performance.now() - startedAt;
}

describe("a member flooding a photo's room", () => {
  it("gets only as many sockets as the cap lets in, and others' requests stay under a second", async () => {
    const flooder = await makeMember({ firstName: "Flo" });
    const other = await makeMember({ firstName: "Olga" });
    const photo = await insertPhoto(other.id);
    for (let i = 0; i < 12; i++) await featureDirectly(await insertPhoto(other.id), 2024, i + 1);
    const otherCookie = await cookieFor(other.id);
    // The first request loads the route through Vite: not what is timed.
    await timedRandom(otherCookie);

    const watcher = site.viewer(photo.id, { cookie: otherCookie });
    await connected(watcher);
    let dragsSeen = 0;
    watcher.on("crop", (message) => message.user.id === flooder.id && message.phase === "drag" && dragsSeen++);

    const cookie = await cookieFor(flooder.id);
    const attempts = Array.from({ length: ATTEMPTS }, () => site.viewer(photo.id, { cookie }));
    const outcomes = await Promise.all(attempts.map((socket) => socket.outcome));
    const admitted = attempts.filter((_, i) => outcomes[i] === "connected");
    let echoes = 0;
    for (const socket of admitted) socket.on("crop", (message) => message.user.id === flooder.id && echoes++);

    // The flood: every socket let in sends a drag every few milliseconds, for FLOOD_MS.
    let sent = 0;
    const floodStartedAt = performance.now();
    const flood = setInterval(() => {
      for (const socket of admitted) socket.emit("crop", drag(sent++));
    }, DRAG_EVERY_MS);
    const timings: number[] = [];
    try {
      // A request every 100 ms or so while the flood lasts (at most 30).
      while (performance.now() - floodStartedAt < FLOOD_MS && timings.length < 30) {
        timings.push(await timedRandom(otherCookie));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      clearInterval(flood);
    }
    const floodSeconds = (performance.now() - floodStartedAt) / 1000;
    // The crop's end is sent reliably after the drags: once the watcher has it, every drag taken was passed on.
    const ended = new Promise<void>((resolve) => watcher.on("crop", (message) => message.phase === "end" && resolve()));
    admitted[0]?.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.1 }, end: { dx: 0.9, dy: 0.9 } });
    await ended;

    // The median, not the slowest: on a loaded machine (npm test runs the browser suite beside this one)
    // one request may wait on the scheduler; today's flood held every request 7 s.
    const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)]!;
    expect(median).toBeLessThan(1000);
    expect(timings.length).toBeGreaterThanOrEqual(3);
    expect(admitted).toHaveLength(SOCKETS_PER_ROOM);
    const refusals = outcomes.filter((outcome) => outcome !== "connected");
    expect(new Set(refusals)).toEqual(new Set([expect.stringMatching(/too many of your windows/)]));
    expect(echoes).toBe(0);
    // Passed on, but no more than one member's limit a second, whatever the number of sockets.
    expect(dragsSeen).toBeGreaterThan(0);
    expect(dragsSeen).toBeLessThanOrEqual(DRAGS_PER_SECOND * Math.ceil(floodSeconds + 1));
    for (const socket of admitted) socket.disconnect();
  });
});

/** `count` sockets of `member` on `photoId`, all let in. */
async function socketsOf(member: { id: number }, photoId: number, count: number): Promise<TestViewer[]> {
  const cookie = await cookieFor(member.id);
  const sockets = Array.from({ length: count }, () => site.viewer(photoId, { cookie }));
  await Promise.all(sockets.map(connected));
  return sockets;
}

describe("a member's message limits", () => {
  it("apply across all of the member's sockets, not to each", async () => {
    const member = await makeMember();
    const other = await makeMember();
    const photo = await insertPhoto(other.id);
    const watcher = site.viewer(photo.id, { cookie: await cookieFor(other.id) });
    await connected(watcher);
    const windows = await socketsOf(member, photo.id, 3);
    let starts = 0;
    watcher.on("crop", (message) => message.user.id === member.id && message.phase === "start" && starts++);
    // 10 crop clicks a second is one member's budget: each window in turn sends 10, then moves its pointer.
    // Its move reaches the room in the next frame, after every start of that window that was taken.
    const startedAt = performance.now();
    for (const [w, socket] of windows.entries()) {
      const marker = (w + 1) / 100;
      const moved = framesUntil(watcher, (move) => move.user.id === member.id && move.dx === marker);
      for (let i = 0; i < 10; i++) socket.emit("crop", { phase: "start", start: { dx: w / 10, dy: i / 10 } });
      socket.emit("pointer", { dx: marker, dy: 0.5 });
      await moved;
    }
    // The budget is per second: a machine too busy to send 30 clicks within one would let more through.
    const seconds = Math.ceil((performance.now() - startedAt) / 1000);
    expect(starts).toBeGreaterThanOrEqual(10);
    expect(starts).toBeLessThanOrEqual(10 * seconds);
    expect(starts).toBeLessThan(30);
  });
});
