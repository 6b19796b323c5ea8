// socket.io on a real HTTP server: only members get in, and what one viewer of
// a photo sends reaches the other viewers of that photo, and nobody else.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_NAMESPACE, type PointerMessage } from "~/lib/realtime-messages";
import { attachRealtime, closeRealtime, disconnectMember } from "~/realtime/photo-viewers.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";
import { request } from "../support/members";
import { action as userApi } from "~/routes/api/users.user";

/** A real photo to view (the namespace refuses ids of photos that do not exist). */
const photoBy = async (userId: number) => (await insertPhoto(userId)).id;

let server: http.Server;
let baseUrl: string;
const clients: Socket[] = [];

beforeAll(async () => {
  server = http.createServer();
  attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  clients.forEach((c) => c.close());
  await closeRealtime();
});

type Viewer = Socket & { outcome: Promise<"connected" | string> };

/** Connects a viewer; `outcome` is settled from the start, so a fast connect is never missed. */
function viewer(photoId: number | string, cookie?: string): Viewer {
  const socket = connectClient(`${baseUrl}${PHOTO_NAMESPACE}`, {
    query: { id: String(photoId) },
    extraHeaders: cookie ? { Cookie: cookie } : {},
    transports: ["websocket"],
    reconnection: false,
  }) as Viewer;
  socket.outcome = new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });
  clients.push(socket);
  return socket;
}

async function connected(socket: Viewer) {
  expect(await socket.outcome).toBe("connected");
}

async function refused(socket: Viewer) {
  const outcome = await socket.outcome;
  expect(outcome).not.toBe("connected");
  return outcome;
}

const nextMessage = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (message: T) => resolve(message)));

describe("photo viewers namespace", () => {
  it("refuses a visitor without a session", async () => {
    expect(await refused(viewer(1))).toBe("unauthorized");
  });

  it("refuses a bad photo id", async () => {
    const member = await makeMember();
    expect(await refused(viewer("abc", await cookieFor(member.id)))).toBe("bad photo id");
  });

  it("relays a pointer to the other viewers of the same photo only, with who sent it", async () => {
    const ann = await makeMember({ firstName: "Ann" });
    const bob = await makeMember({ firstName: "Bob" });
    const carl = await makeMember({ firstName: "Carl" });
    const shared = await photoBy(ann.id);
    const annSocket = viewer(shared, await cookieFor(ann.id));
    const bobSocket = viewer(shared, await cookieFor(bob.id));
    const carlSocket = viewer(await photoBy(carl.id), await cookieFor(carl.id));
    await Promise.all([connected(annSocket), connected(bobSocket), connected(carlSocket)]);

    let carlHeard = false;
    carlSocket.on("pointer", () => (carlHeard = true));
    let annHeardHerself = false;
    annSocket.on("pointer", () => (annHeardHerself = true));

    const received = nextMessage<PointerMessage>(bobSocket, "pointer");
    annSocket.emit("pointer", { dx: 0.25, dy: 0.75 });
    expect(await received).toEqual({ dx: 0.25, dy: 0.75, user: { id: ann.id, firstName: "Ann" } });

    // A crop goes the same way.
    const crop = nextMessage(bobSocket, "crop");
    annSocket.emit("crop", { phase: "start", start: { dx: 0.1, dy: 0.2 } });
    expect(await crop).toEqual({ phase: "start", start: { dx: 0.1, dy: 0.2 }, user: { id: ann.id, firstName: "Ann" } });

    // Give stray deliveries a moment to arrive before saying they did not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(carlHeard).toBe(false);
    expect(annHeardHerself).toBe(false);
  });

  it("drops malformed messages instead of passing them on", async () => {
    const ann = await makeMember();
    const bob = await makeMember();
    const shared = await photoBy(ann.id);
    const annSocket = viewer(shared, await cookieFor(ann.id));
    const bobSocket = viewer(shared, await cookieFor(bob.id));
    await Promise.all([connected(annSocket), connected(bobSocket)]);
    // One socket's messages arrive in order: had a bad one been relayed, it would come first.
    const first = nextMessage(bobSocket, "pointer");
    annSocket.emit("pointer", { dx: 7, dy: 0.5 });
    annSocket.emit("pointer", { dx: "0.5", dy: 0.5, user: { id: 999, firstName: "Spoof" } });
    annSocket.emit("pointer", { dx: 0.5, dy: 0.5 });
    expect(await first).toEqual({ dx: 0.5, dy: 0.5, user: { id: ann.id, firstName: "Vivian" } });
  });
});

describe("disconnectMember", () => {
  it("closes every live connection of that member, and only theirs", async () => {
    const leaving = await makeMember();
    const staying = await makeMember();
    const [one, two] = [await photoBy(staying.id), await photoBy(staying.id)];
    const first = viewer(one, await cookieFor(leaving.id));
    const second = viewer(two, await cookieFor(leaving.id));
    const other = viewer(one, await cookieFor(staying.id));
    await Promise.all([connected(first), connected(second), connected(other)]);
    const closed = Promise.all([first, second].map((s) => new Promise((resolve) => s.once("disconnect", resolve))));
    disconnectMember(leaving.id);
    await closed;
    expect(first.connected || second.connected).toBe(false);
    expect(other.connected).toBe(true);
  });
});

describe("deactivating a member", () => {
  it("through DELETE /api/users/:id closes their live sockets at once, and they cannot come back", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const photo = await photoBy(member.id);
    const memberCookie = await cookieFor(member.id);
    const socket = viewer(photo, memberCookie);
    const watching = viewer(photo, await cookieFor(admin.id));
    await Promise.all([connected(socket), connected(watching)]);
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));

    const response = await call(
      userApi,
      request(`/api/users/${member.id}`, { method: "DELETE", cookie: await cookieFor(admin.id) }),
      {
        userId: String(member.id),
      },
    );
    expect(response.status).toBe(200);
    await closed;
    expect(socket.connected).toBe(false);
    expect(watching.connected).toBe(true);
    expect(await refused(viewer(photo, memberCookie))).toBe("unauthorized");
  });
});
