// What the server keeps in memory between requests is keyed by the data
// versions: kept while nothing changed, read again after any commit that
// changed its tables, never taken from memory inside a transaction.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { photos, users } from "@db/schema";
import { memberFromCookieHeader } from "~/services/auth/session.server";
import { currentDataVersions, requestVersions } from "~/services/data-versions.server";
import { countPhotos } from "~/services/photos/queries.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";

describe("data versions", () => {
  it("move when a change commits, not before, and not for a rolled-back one", async () => {
    const member = await makeMember();
    const before = await currentDataVersions();
    await transaction(async () => {
      await db().update(users).set({ bio: "inside" }).where(eq(users.id, member.id));
      expect((await currentDataVersions()).members).toBe(before.members);
    });
    const after = await currentDataVersions();
    expect(after.members).toBeGreaterThan(before.members);
    expect(after.photos).toBeGreaterThan(before.photos); // a member's names are in photo JSON
    await transaction(async () => {
      await db().update(users).set({ bio: "undone" }).where(eq(users.id, member.id));
      throw new Error("roll back");
    }).catch(() => undefined);
    expect((await currentDataVersions()).members).toBe(after.members);
  });

  it("refuse a deactivated member on the very next request, though their member was kept", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    expect((await memberFromCookieHeader(cookie))?.id).toBe(member.id);
    expect((await memberFromCookieHeader(cookie))?.id).toBe(member.id); // kept
    // Behind the services' back, as another server process would: only the version tells.
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect(await memberFromCookieHeader(cookie)).toBeNull();
  });

  it("keep a count exact: a new photo counts on the next read, and a transaction counts its own", async () => {
    const member = await makeMember();
    const scope = { viewer: member, userId: member.id };
    await insertPhoto(member.id);
    expect(await countPhotos(scope)).toBe(1);
    expect(await countPhotos(scope)).toBe(1);
    await insertPhoto(member.id);
    expect(await countPhotos(scope)).toBe(2);
    await transaction(async () => {
      await db().delete(photos).where(eq(photos.userId, member.id));
      expect(await requestVersions()).toBeNull();
      expect(await countPhotos(scope)).toBe(0);
      throw new Error("roll back");
    }).catch(() => undefined);
    expect(await countPhotos(scope)).toBe(2);
  });
});
