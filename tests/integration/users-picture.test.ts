// PATCH /api/users/{id} with a picture: the signed id of the caller's own direct
// upload sets it, the echoed current id keeps it, null removes it; someone
// else's upload is refused under `picture`.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeExiftool } from "~/images/exif.server";
import { action as userAction, loader as userApi } from "~/routes/api/users.user";
import { cookieFor, makeMember, request } from "../support/members";
import { call } from "../support/routes";
import { useTestStorage } from "../support/storage";
import { uploadFile } from "../support/uploads";

useTestStorage("local");
let jpeg: Uint8Array;

beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer(),
  );
});

afterAll(async () => {
  await closeExiftool();
});

const patchUser = (id: number, json: unknown, cookie: string) =>
  call(userAction, request(`/api/users/${id}`, { method: "PATCH", json, cookie }), { userId: String(id) });
const getUser = async (id: number, cookie: string) =>
  (await call(userApi, request(`/api/users/${id}`, { cookie }), { userId: String(id) })).json();

describe("PATCH /api/users/{id} picture", () => {
  it("sets, keeps (when echoed) and removes a member's picture", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const signedId = await uploadFile(cookie, jpeg, "me.jpg");

    const set = await patchUser(member.id, { picture: signedId }, cookie);
    expect(set.status).toBe(200);
    const saved = await set.json();
    expect(saved.pictureUrl).toMatch(/^\/media\/pictures\/\d+\/large$/);
    expect(saved.pictureThumbUrl).toMatch(/^\/media\/pictures\/\d+\/thumb$/);
    expect(saved.picture).toEqual(expect.any(String));
    expect(saved.picture).not.toBe(signedId);

    // The whole user sent back (as the form does) leaves the picture alone.
    const echoed = await patchUser(member.id, { ...(await getUser(member.id, cookie)), bio: "Same face" }, cookie);
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toMatchObject({
      bio: "Same face",
      pictureUrl: saved.pictureUrl,
      picture: saved.picture,
    });

    const removed = await patchUser(member.id, { picture: null }, cookie);
    expect(await removed.json()).toMatchObject({ picture: null, pictureUrl: null, pictureThumbUrl: null });
  });

  it("refuses someone else's upload under `picture`, and changes nothing else", async () => {
    const owner = await makeMember();
    const thief = await makeMember();
    const signedId = await uploadFile(await cookieFor(owner.id), jpeg, "mine.jpg");
    const thiefCookie = await cookieFor(thief.id);
    const response = await patchUser(thief.id, { picture: signedId, bio: "Not mine" }, thiefCookie);
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ path: "picture" })]);
    expect(await getUser(thief.id, thiefCookie)).toMatchObject({ bio: null, pictureUrl: null });
  });

  it("lets an admin set a member's picture from the admin's own upload", async () => {
    const admin = await makeMember({ isAdmin: true });
    const member = await makeMember();
    const adminCookie = await cookieFor(admin.id);
    const signedId = await uploadFile(adminCookie, jpeg, "for-member.jpg");
    const response = await patchUser(member.id, { picture: signedId }, adminCookie);
    expect(response.status).toBe(200);
    expect((await response.json()).pictureThumbUrl).toMatch(/^\/media\/pictures\/\d+\/thumb$/);
  });
});
