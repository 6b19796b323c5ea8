// The photo queries read the data versions themselves, at most once per request
// (data-versions.server.ts, requestVersions): callers ask for photos, never for
// versions, so none can hand in stale ones, and a write made while answering a
// request is seen by that request's next read.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "@db/client.server";
import { photos } from "@db/schema";
import { runWithRequestFacts } from "~/base/request-context.server";
import { memberFromCookieHeader } from "~/services/auth/session.server";
import { currentDataVersions } from "~/services/data-versions.server";
import { photoDetail } from "~/services/photos/detail.server";
import { getPhoto, listPhotos, randomPhotos, updatePhoto } from "~/services/photos/photos.server";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto } from "../support/photos";
import { recordStatements } from "../support/query-count";
import { testDatabaseUrl, withSql } from "../support/test-database";

/** Runs `work` as the server answers one request (app.ts opens this scope for each). */
const inOneRequest = <T>(work: () => Promise<T>) => runWithRequestFacts({ clientAddress: "127.0.0.1" }, work);

async function memberWithPhoto(caption: string) {
  const member = await makeMember();
  const photo = await insertPhoto(member.id, { caption });
  return { member, photo, gallery: { userId: member.id, page: 1, sort: "createdAt" as const } };
}

describe("the data versions a request reads photos at", () => {
  it("are read once per request, by the member's lookup and every photo query together", async () => {
    const { member, photo, gallery } = await memberWithPhoto("street");
    const cookie = await cookieFor(member.id);
    const everything = async () => {
      const viewer = await memberFromCookieHeader(cookie);
      await listPhotos(viewer, gallery);
      await photoDetail(viewer, photo.id, { kind: "sorted", userId: member.id, sort: "createdAt" });
      await randomPhotos(viewer);
      return (await getPhoto(viewer, photo.id)).caption;
    };
    const { statements } = await recordStatements(testDatabaseUrl(), async () => {
      await inOneRequest(everything);
      // Another process changes the photo: the next request sees it.
      await withSql(testDatabaseUrl(), (sql) => sql`update photos set caption = 'elsewhere' where id = ${photo.id}`);
      expect(await inOneRequest(everything)).toBe("elsewhere");
    });
    expect(statements.filter((statement) => statement.query.includes('"data_versions"'))).toHaveLength(2);
  });

  it("see a write of the same request at once, made bare or in a transaction", async () => {
    const { member, photo, gallery } = await memberWithPhoto("before");
    const year = new Date().getFullYear();
    const inGallery = async () => (await listPhotos(member, gallery)).photos.map((shown) => shown.caption);
    const inDetail = async () =>
      (await photoDetail(member, photo.id, { kind: "sorted", userId: member.id, sort: "createdAt" })).photo.caption;
    await inOneRequest(async () => {
      expect(await inGallery()).toEqual(["before"]);
      expect(await inDetail()).toBe("before");
      expect((await updatePhoto(member, photo.id, { caption: "bare" })).caption).toBe("bare");
      expect(await inGallery()).toEqual(["bare"]);
      expect(await inDetail()).toBe("bare");
      await transaction(async () => {
        await db().update(photos).set({ caption: "committed" }).where(eq(photos.id, photo.id));
        expect(await inGallery()).toEqual(["committed"]); // the transaction reads its own change
      });
      expect(await inGallery()).toEqual(["committed"]);
      expect(await inDetail()).toBe("committed");
      // The home page's draw too: a photo featured in this request is drawn by it.
      const drawn = async () => (await randomPhotos(member, 240)).map((shown) => shown.id);
      await drawn();
      await featureDirectly(photo, year, 1);
      expect(await drawn()).toContain(photo.id);
    });
  });

  it("see a transaction's change once it commits, though read again while it was open", async () => {
    const { member, photo, gallery } = await memberWithPhoto("before");
    const inGallery = async () => (await listPhotos(member, gallery)).photos.map((shown) => shown.caption);
    await inOneRequest(async () => {
      let updated!: () => void;
      let release!: () => void;
      const written = new Promise<void>((resolve) => (updated = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const open = transaction(async () => {
        await db().update(photos).set({ caption: "held" }).where(eq(photos.id, photo.id));
        updated();
        await held;
      });
      await written;
      // Beside the transaction, not in it: the versions are read again, before its commit.
      expect(await inGallery()).toEqual(["before"]);
      release();
      await open;
      expect(await inGallery()).toEqual(["held"]);
    });
  });

  it("cannot be handed in by a caller, so a stale version cannot give stale photos", async () => {
    const { member, photo, gallery } = await memberWithPhoto("before");
    const sorted = { kind: "sorted", userId: member.id, sort: "createdAt" } as const;
    const stale = await currentDataVersions();
    // @ts-expect-error listPhotos takes no versions
    await listPhotos(member, gallery, stale);
    // @ts-expect-error photoDetail takes no versions
    await photoDetail(member, photo.id, sorted, stale);
    await db().update(photos).set({ caption: "after" }).where(eq(photos.id, photo.id));
    // @ts-expect-error listPhotos takes no versions
    expect((await listPhotos(member, gallery, stale)).photos[0]?.caption).toBe("after");
    // @ts-expect-error photoDetail takes no versions
    expect((await photoDetail(member, photo.id, sorted, stale)).photo.caption).toBe("after");
  });
});
