// Joining a photo's live room (/photos?id=): only for a photo the member may see.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { io as connectClient } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_NAMESPACE } from "~/lib/realtime-messages";
import { attachRealtime, closeRealtime } from "~/realtime/photo-viewers.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer();
  attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeRealtime();
});

function join(photoId: number, cookie: string): Promise<string> {
  const socket = connectClient(`${baseUrl}${PHOTO_NAMESPACE}`, {
    query: { id: String(photoId) },
    extraHeaders: { Cookie: cookie },
    transports: ["websocket"],
    reconnection: false,
  });
  return new Promise((resolve) => {
    socket.once("connect", () => {
      socket.close();
      resolve("connected");
    });
    socket.once("connect_error", (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

describe("photo viewers and photo visibility", () => {
  it("lets a member join any photo of the club, including another member's unfeatured one", async () => {
    const owner = await makeMember();
    const viewer = await makeMember();
    const photo = await insertPhoto(owner.id);
    expect(await join(photo.id, await cookieFor(viewer.id))).toBe("connected");
  });

  it("refuses a photo that does not exist", async () => {
    const viewer = await makeMember();
    expect(await join(999999999, await cookieFor(viewer.id))).toBe("photo not found");
  });
});
