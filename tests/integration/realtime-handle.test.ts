// The socket.io server handle is kept like the database's: one at a time, an
// accessor that says clearly when it is missing, and the club's events listened
// to exactly while it runs.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { attachRealtime, closeRealtime, realtimeServer } from "~/realtime/server/realtime.server";
import { listenerCount } from "~/services/events.server";
import { connected, startSocketServer } from "../support/sockets";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";

afterEach(async () => {
  await closeRealtime();
});

describe("the realtime handle", () => {
  it("is missing, with a clear error, until attached", () => {
    expect(() => realtimeServer()).toThrow("Realtime is not attached yet (attachRealtime was not called).");
  });

  it("is the server attached; a second attach is refused; closing forgets it and its listeners", async () => {
    const before = [listenerCount("session.ended"), listenerCount("sessions.ended")];
    const sockets = await startSocketServer();
    expect(realtimeServer()).toBe(sockets.io);
    expect([listenerCount("session.ended"), listenerCount("sessions.ended")]).toEqual(before.map((n) => n + 1));
    expect(() => attachRealtime(http.createServer())).toThrow(/already attached/);

    const member = await makeMember();
    const socket = sockets.viewer((await insertPhoto(member.id)).id, { cookie: await cookieFor(member.id) });
    await connected(socket);
    await sockets.close();
    expect(() => realtimeServer()).toThrow(/not attached/);
    expect([listenerCount("session.ended"), listenerCount("sessions.ended")]).toEqual(before);
  });

  it("closing sends every viewer away", async () => {
    const sockets = await startSocketServer();
    const member = await makeMember();
    const socket = sockets.viewer((await insertPhoto(member.id)).id, { cookie: await cookieFor(member.id) });
    await connected(socket);
    await closeRealtime();
    expect(await socket.disconnection).toBeTruthy();
  });
});
