// Joining a photo's live room (/photos?id=): only for a photo the member may see,
// and a refusal tells the client why in plain words, never the server's insides.
import { describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "@db/client.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { withLogLines } from "../support/log-lines";
import { connected, refused, useSocketServer } from "../support/sockets";
import { testDatabaseUrl } from "../support/test-database";

const sockets = useSocketServer();

describe("photo viewers and photo visibility", () => {
  it("lets a member join any photo of the club, including another member's unfeatured one", async () => {
    const owner = await makeMember();
    const viewer = await makeMember();
    const photo = await insertPhoto(owner.id);
    await connected(sockets.viewer(photo.id, { cookie: await cookieFor(viewer.id) }));
  });

  it("refuses a photo that does not exist", async () => {
    const viewer = await makeMember();
    expect(await refused(sockets.viewer(999999999, { cookie: await cookieFor(viewer.id) }))).toBe("photo not found");
  });

  it("refuses a malformed or out-of-range id as a photo not found, without a word from the database", async () => {
    const viewer = await makeMember();
    const cookie = await cookieFor(viewer.id);
    for (const id of ["abc", "99999999999", "2147483648", "0", "-1", "1.5", "1e3", ""]) {
      expect(await refused(sockets.viewer(id, { cookie }))).toBe("photo not found");
    }
  });

  it("answers an unexpected failure with 'server error' and keeps the details in the server's log", async () => {
    const viewer = await makeMember();
    const photo = await insertPhoto(viewer.id);
    const cookie = await cookieFor(viewer.id);
    // The database going away mid-handshake is the unexpected failure at hand.
    await closeDatabase();
    try {
      const { result, lines } = await withLogLines(() => refused(sockets.viewer(photo.id, { cookie })), "error");
      expect(result).toBe("server error");
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: "A photo viewer's handshake failed",
          err: expect.objectContaining({ message: expect.stringMatching(/database is not open/) }),
        }),
      );
    } finally {
      await openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: process.env.DATA_DIR! });
    }
    await connected(sockets.viewer(photo.id, { cookie }));
  });
});
