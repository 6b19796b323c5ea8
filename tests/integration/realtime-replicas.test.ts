// Two app processes on one PostgreSQL: a viewer connected to
// one and a viewer connected to the other are in the same photo room, through
// socket.io's PostgreSQL adapter. Real processes, real database, no stand-ins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhotoViewerSocket, ReviewSocket } from "~/lib/realtime-events";
import { PHOTO_NAMESPACE, REVIEW_NAMESPACE } from "~/lib/live-names";
import { cookieFor, makeMember } from "../support/members";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { startReplica, type Replica } from "../support/replicas";
import { connectTo, connected, framesUntil, nextMessage, nextReview, nextFrame, pointerOf } from "../support/sockets";
import { testDatabaseUrl } from "../support/test-database";
import { testRedisUrl } from "../support/test-redis";

let one: Replica;
let two: Replica;
const clients: { close(): void }[] = [];

beforeAll(async () => {
  [one, two] = await Promise.all([startReplica(testDatabaseUrl()), startReplica(testDatabaseUrl())]);
}, 120_000);

afterAll(async () => {
  clients.forEach((client) => client.close());
  await Promise.all([one?.stop(), two?.stop()]);
});

async function viewer(replica: Replica, photoId: number, member: { id: number }) {
  const socket = connectTo<PhotoViewerSocket>(
    replica.url,
    PHOTO_NAMESPACE,
    { id: String(photoId) },
    {
      cookie: await cookieFor(member.id),
    },
  );
  clients.push(socket);
  const snapshot = nextMessage(socket, "room");
  await connected(socket);
  return { socket, snapshot: await snapshot };
}

describe("two server processes on one PostgreSQL", () => {
  it("use the PostgreSQL adapter", () => {
    expect([one.adapter, two.adapter]).toEqual(["postgres", "postgres"]);
  });

  it("pass a pointer and a crop from a viewer on one to a viewer on the other, and show the crop to a late joiner", async () => {
    const ann = await makeMember({ firstName: "Ann" });
    const bob = await makeMember({ firstName: "Bob" });
    const photo = await insertPhoto(ann.id);
    const { socket: onOne } = await viewer(one, photo.id, ann);
    const bobCame = nextMessage(onOne, "viewer.joined");
    const { socket: onTwo, snapshot } = await viewer(two, photo.id, bob);
    expect((await bobCame).user).toEqual({ id: bob.id, firstName: "Bob" });
    // Bob's snapshot was gathered from both processes: Ann, on the other one, is in it.
    expect(snapshot.viewers.map((p) => p.user.firstName).sort()).toEqual(["Ann", "Bob"]);

    const pointer = nextFrame(onTwo);
    onOne.emit("pointer", { dx: 0.25, dy: 0.75 });
    expect(await pointer).toEqual([pointerOf(ann, 0.25, 0.75)]);

    const crop = nextMessage(onTwo, "crop");
    onOne.emit("crop", { phase: "end", start: { dx: 0.1, dy: 0.2 }, end: { dx: 0.4, dy: 0.5 } });
    expect(await crop).toEqual({
      phase: "end",
      start: { dx: 0.1, dy: 0.2 },
      end: { dx: 0.4, dy: 0.5 },
      user: { id: ann.id, firstName: "Ann" },
    });

    // And back the other way.
    const back = nextFrame(onOne);
    onTwo.emit("pointer", { dx: 0.5, dy: 0.5 });
    expect(await back).toEqual([pointerOf(bob, 0.5, 0.5)]);

    const { snapshot: late } = await viewer(two, photo.id, await makeMember());
    expect(late.crops).toEqual([
      { phase: "end", start: { dx: 0.1, dy: 0.2 }, end: { dx: 0.4, dy: 0.5 }, user: { id: ann.id, firstName: "Ann" } },
    ]);
  });

  it("each batch their own viewers' moves into frames that reach the other process, never back to the sender", async () => {
    const [ann, bob, cy] = [await makeMember(), await makeMember(), await makeMember()];
    const photo = await insertPhoto(ann.id);
    const { socket: annOnOne } = await viewer(one, photo.id, ann);
    const { socket: bobOnTwo } = await viewer(two, photo.id, bob);
    const { socket: cyOnTwo } = await viewer(two, photo.id, cy);
    const cyHears = framesUntil(cyOnTwo, (move) => move.user.id === ann.id && move.dx === 0.99);
    const cyHearsBob = framesUntil(cyOnTwo, (move) => move.user.id === bob.id && move.dx === 0.98);
    const annHears = framesUntil(annOnOne, (move) => move.user.id === bob.id && move.dx === 0.98);
    const bobHears = framesUntil(bobOnTwo, (move) => move.user.id === ann.id && move.dx === 0.99);
    for (let i = 1; i <= 20; i++) {
      annOnOne.emit("pointer", { dx: i === 20 ? 0.99 : i / 100, dy: 0.5 });
      bobOnTwo.emit("pointer", { dx: i === 20 ? 0.98 : i / 100, dy: 0.5 });
    }
    const fromOne = (await cyHears).filter((frame) => frame.some((move) => move.user.id === ann.id));
    expect(fromOne.length).toBeLessThan(20);
    await cyHearsBob;
    expect((await annHears).flat().some((move) => move.user.id === ann.id)).toBe(false);
    expect((await bobHears).flat().some((move) => move.user.id === bob.id)).toBe(false);
  });

  it("keep one viewer's crop steps in order across processes: the end never overtakes a drag", async () => {
    const ann = await makeMember();
    const bob = await makeMember();
    const photo = await insertPhoto(ann.id);
    const { socket: onOne } = await viewer(one, photo.id, ann);
    const { socket: onTwo } = await viewer(two, photo.id, bob);
    const phases: string[] = [];
    let heard: (phase: string) => void = () => {};
    onTwo.on("crop", (message) => {
      const phase = message.phase === "drag" ? `drag ${message.drag.dx}` : message.phase;
      phases.push(phase);
      heard(phase);
    });
    const hearing = (phase: string) => new Promise<void>((resolve) => (heard = (p) => p === phase && resolve()));
    const start = { dx: 0.1, dy: 0.1 };
    const drag = (i: number) => ({ phase: "drag" as const, start, drag: { dx: i / 100, dy: 0.5 } });
    onOne.emit("crop", { phase: "start", start });
    // Drags reach the room coalesced (the latest per tick): five heard one by one, then a burst and the end.
    for (let i = 1; i <= 5; i++) {
      const arrived = hearing(`drag ${i / 100}`);
      onOne.emit("crop", drag(i));
      await arrived;
    }
    const restarted = hearing("start");
    for (let i = 6; i <= 20; i++) onOne.emit("crop", drag(i));
    onOne.emit("crop", { phase: "end", start, end: { dx: 0.3, dy: 0.5 } });
    onOne.emit("crop", { phase: "start", start: { dx: 0.9, dy: 0.9 } });
    await restarted;
    // Every drag before the end, in the order drawn; none after it (the next start marks the end of what came).
    const drags = phases.slice(1, -2).map((phase) => Number(phase.replace("drag ", "")));
    expect(phases.slice(0, 6)).toEqual(["start", "drag 0.01", "drag 0.02", "drag 0.03", "drag 0.04", "drag 0.05"]);
    expect(phases.slice(-2)).toEqual(["end", "start"]);
    expect(drags).toEqual([...drags].sort((a, b) => a - b));
  });

  it("let a leader on one process lead followers on the other", async () => {
    const admin = await makeMember({ isAdmin: true, firstName: "Ada" });
    const member = await makeMember();
    const meeting = await insertMeeting();
    const photo = await insertPhoto(member.id);
    await submitDirectly(meeting.id, photo, 1);
    const enter = async (replica: Replica, who: { id: number }) => {
      const socket = connectTo<ReviewSocket>(
        replica.url,
        REVIEW_NAMESPACE,
        { meeting: String(meeting.id) },
        {
          cookie: await cookieFor(who.id),
        },
      );
      clients.push(socket);
      const snapshot = nextReview(socket, "review");
      await connected(socket);
      return { socket, snapshot: await snapshot };
    };
    const { socket: host } = await enter(one, admin);
    const { socket: follower } = await enter(two, member);
    const leads = nextReview(follower, "leader");
    host.emit("lead");
    expect(await leads).toEqual({ leader: { id: admin.id, firstName: "Ada" } });
    const view = { photoId: photo.id, zoom: 2, centerX: 0.3, centerY: 0.6, timerElapsedMs: 90_000, timer: null };
    const seen = nextReview(follower, "view");
    host.emit("view", view);
    expect(await seen).toEqual(view);

    // A late joiner on the other process sees who leads; the leader leaves and the follower hears nobody leads.
    const { snapshot } = await enter(two, await makeMember());
    expect(snapshot.leader?.id).toBe(admin.id);
    const ended = nextReview(follower, "leader");
    host.disconnect();
    expect(await ended).toEqual({ leader: null });
  });
});

describe.skipIf(!testRedisUrl())("two server processes on one Redis", () => {
  let first: Replica;
  let second: Replica;
  beforeAll(async () => {
    const redis = { REDIS_URL: testRedisUrl()! };
    [first, second] = await Promise.all([
      startReplica(testDatabaseUrl(), redis),
      startReplica(testDatabaseUrl(), redis),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it("use the Redis adapter and pass a pointer, a crop and a late joiner's snapshot between them", async () => {
    expect([first.adapter, second.adapter]).toEqual(["redis", "redis"]);
    const ann = await makeMember({ firstName: "Ann" });
    const bob = await makeMember();
    const photo = await insertPhoto(ann.id);
    const { socket: onFirst } = await viewer(first, photo.id, ann);
    const { socket: onSecond } = await viewer(second, photo.id, bob);
    const pointer = nextFrame(onSecond);
    onFirst.emit("pointer", { dx: 0.5, dy: 0.25 });
    expect(await pointer).toEqual([pointerOf(ann, 0.5, 0.25)]);
    const crop = nextMessage(onSecond, "crop");
    onFirst.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.1 } });
    expect((await crop).user.id).toBe(ann.id);
    const { snapshot } = await viewer(second, photo.id, await makeMember());
    expect(snapshot.crops).toEqual([
      { phase: "start", start: { dx: 0.1, dy: 0.1 }, user: { id: ann.id, firstName: "Ann" } },
    ]);
    expect(snapshot.viewers.map((p) => p.user.id).sort()).toEqual([ann.id, bob.id, snapshot.me.id].sort());
  });
});
