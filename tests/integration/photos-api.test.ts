// The photo API for each role (docs/product.md, Permissions):
// what visitors, members and owners get from every call, editing, deleting with
// the stored files, the media route, and POST /api/photos on the real pipeline.
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { assets, photos, ratings, users } from "@db/schema";
import { closeExiftool } from "~/images/exif.server";
import { loader as mediaRoute } from "~/routes/media/photos";
import { action as photosCreate, loader as photosList } from "~/routes/api/photos";
import { action as featureAction, loader as featureLoader } from "~/routes/api/photos.feature";
import { action as reorderAction, loader as reorderLoader } from "~/routes/api/photos.features";
import { action as photoAction, loader as photoLoader } from "~/routes/api/photos.photo";
import { action as randomAction } from "~/routes/api/photos.random";
import { widthKey } from "~/storage/keys.server";
import { storage } from "~/storage/storage.server";
import { cookieFor, makeMember, request } from "../support/members";
import { featureDirectly, insertPhoto, rateDirectly } from "../support/photos";
import { call } from "../support/routes";
import { uploadFile } from "../support/uploads";
import { CAMERA_FIXTURES } from "../fixtures/camera-files";

const FIXTURES = CAMERA_FIXTURES;

afterAll(async () => {
  await closeExiftool();
});

const getPhoto = (id: number | string, cookie?: string) =>
  call(photoLoader, request(`/api/photos/${id}`, { cookie }), { photoId: String(id) });

const patchPhoto = (id: number | string, json: unknown, cookie?: string) =>
  call(photoAction, request(`/api/photos/${id}`, { method: "PATCH", json, cookie }), { photoId: String(id) });

const deletePhoto = (id: number | string, cookie?: string) =>
  call(photoAction, request(`/api/photos/${id}`, { method: "DELETE", cookie }), { photoId: String(id) });

const media = (id: number | string, size: string, cookie?: string) =>
  call(mediaRoute, request(`/media/photos/${id}/${size}`, { cookie }), { photoId: String(id), size });

const VISITOR_KEYS = [
  "id",
  "caption",
  "description",
  "license",
  "acquireLicensePage",
  "filename",
  "largeUrl",
  "thumbUrl",
  "width",
  "height",
  "createdAt",
  "UserId",
  "User",
  "Feature",
].sort();

async function club() {
  const owner = await makeMember({ firstName: "Olive" });
  const member = await makeMember({ firstName: "Max" });
  const hidden = await makeMember({ firstName: "Hannah" });
  await db().update(users).set({ isPublic: false }).where(eq(users.id, hidden.id));
  const year = new Date().getFullYear();
  const featured = await insertPhoto(owner.id, {
    caption: "Market street",
    description: "Rain at noon",
    notes: "Push one stop",
    takenAt: new Date("2024-05-01T10:00:00Z"),
    metadata: {
      exif: { Make: { value: "Canon", description: "Canon" }, FNumber: { value: 2.8, description: "f/2.8" } },
    },
    withFiles: true,
  });
  await featureDirectly(featured, year, 1);
  const unfeatured = await insertPhoto(owner.id, { caption: "Not yet", withFiles: true });
  const hiddenFeatured = await insertPhoto(hidden.id, { caption: "Hidden" });
  await featureDirectly(hiddenFeatured, year, 1);
  await rateDirectly(featured.id, member.id, 4);
  await rateDirectly(featured.id, owner.id, 5);
  return {
    owner,
    member,
    hidden,
    year,
    featured,
    unfeatured,
    hiddenFeatured,
    ownerCookie: await cookieFor(owner.id),
    memberCookie: await cookieFor(member.id),
  };
}

describe("GET /api/photos/{id}", () => {
  it("gives a visitor a featured photo of a public member with basic data only", async () => {
    const { featured, owner, year } = await club();
    const response = await getPhoto(featured.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(VISITOR_KEYS);
    expect(body).toMatchObject({
      id: featured.id,
      caption: "Market street",
      largeUrl: null,
      thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${featured.id}/thumb\\?v=[\\w-]{12}$`)),
      UserId: owner.id,
      User: { id: owner.id, firstName: "Olive", lastName: owner.lastName, username: owner.username },
      Feature: { year, position: 1 },
    });
  });

  it("hides from visitors unfeatured photos and photos of non-public or deactivated members", async () => {
    const { unfeatured, hiddenFeatured, featured, owner } = await club();
    expect((await getPhoto(unfeatured.id)).status).toBe(404);
    expect((await getPhoto(hiddenFeatured.id)).status).toBe(404);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await getPhoto(featured.id)).status).toBe(404);
  });

  it("gives a member every photo with all fields but notes", async () => {
    const { featured, unfeatured, hiddenFeatured, member, memberCookie } = await club();
    for (const photo of [unfeatured, hiddenFeatured]) expect((await getPhoto(photo.id, memberCookie)).status).toBe(200);
    const body = await (await getPhoto(featured.id, memberCookie)).json();
    expect(body).not.toHaveProperty("notes");
    expect(body).toMatchObject({
      largeUrl: expect.stringMatching(new RegExp(`^/media/photos/${featured.id}/large\\?v=[\\w-]{12}$`)),
      takenAt: "2024-05-01T10:00:00.000Z",
      Comments: [],
      metadata: { exif: { Make: { value: "Canon", description: "Canon" }, FNumber: { description: "f/2.8" } } },
      MeetingSubmission: null,
    });
    expect(body.Ratings).toEqual(expect.arrayContaining([{ UserId: member.id, value: 4 }]));
    expect(body).toHaveProperty("rating", null);
  });

  it("gives the owner the private notes", async () => {
    const { featured, ownerCookie } = await club();
    const body = await (await getPhoto(featured.id, ownerCookie)).json();
    expect(body.notes).toBe("Push one stop");
  });

  it("reports the stored rating average as a number", async () => {
    const { featured, memberCookie } = await club();
    await db().update(photos).set({ ratingAverage: 4500, ratingCount: 2 }).where(eq(photos.id, featured.id));
    expect((await (await getPhoto(featured.id, memberCookie)).json()).rating).toBe(4.5);
  });

  it("answers 404 for a photo that does not exist or a malformed id", async () => {
    const { memberCookie } = await club();
    expect((await getPhoto(999999999, memberCookie)).status).toBe(404);
    expect((await getPhoto("abc", memberCookie)).status).toBe(404);
  });
});

describe("the photo API's edges", () => {
  it("answers a method a route does not have with 405 and the methods it has", async () => {
    const cases: [unknown, string, string, Record<string, string>, string][] = [
      [photosCreate, "PUT", "/api/photos", {}, "GET, POST, HEAD"],
      [photoAction, "POST", "/api/photos/1", { photoId: "1" }, "GET, PUT, PATCH, DELETE, HEAD"],
      [randomAction, "POST", "/api/photos/random", {}, "GET, HEAD"],
      [featureLoader, "GET", "/api/photos/1/feature", { photoId: "1" }, "POST"],
      [reorderLoader, "GET", "/api/photos/features/1/2024", { userId: "1", year: "2024" }, "PUT"],
    ];
    for (const [handler, method, url, params, allow] of cases) {
      const response = await call(handler, request(url, { method }), params);
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${url}`).toBe(allow);
      expect(await response.json()).toEqual({ message: "Method Not Allowed" });
    }
  });

  it("answers a JSON 404 for a photo id that is malformed or beyond the database's range, whatever the method", async () => {
    const { memberCookie } = await club();
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "2147483648"]) {
      const responses = [
        await getPhoto(id, memberCookie),
        await patchPhoto(id, { caption: "x" }, memberCookie),
        await deletePhoto(id, memberCookie),
        await call(
          featureAction,
          request(`/api/photos/${id}/feature`, { method: "POST", json: { year: null }, cookie: memberCookie }),
          { photoId: id },
        ),
      ];
      for (const response of responses) {
        expect(response.status, id).toBe(404);
        expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ message: "Photo not found." });
      }
    }
  });

  it("answers 404 for a reorder path whose member id or year names nothing", async () => {
    const { owner, ownerCookie, year } = await club();
    for (const [userId, pathYear] of [
      ["abc", String(year)],
      ["99999999999", String(year)],
      [String(owner.id), "20x4"],
      [String(owner.id), "99999"],
    ] as const) {
      const response = await call(
        reorderAction,
        request(`/api/photos/features/${userId}/${pathYear}`, {
          method: "PUT",
          json: { photoIds: [] },
          cookie: ownerCookie,
        }),
        { userId, year: pathYear },
      );
      expect(response.status, `${userId}/${pathYear}`).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found." });
    }
  });

  it("refuses a userId filter that is not a member id with 422, never a 500", async () => {
    for (const userId of ["abc", "0", "-3", "99999999999"]) {
      const response = await call(photosList, request(`/api/photos?userId=${userId}`));
      expect(response.status, userId).toBe(422);
      expect((await response.json()).errors).toEqual([expect.objectContaining({ path: "userId" })]);
    }
  });
});

describe("GET /api/photos as each role", () => {
  it("lists a member's photos: visitors see only the featured ones, members all, the owner with notes", async () => {
    const { owner, featured, unfeatured, ownerCookie, memberCookie } = await club();
    const list = async (cookie?: string) => {
      const response = await call(photosList, request(`/api/photos?userId=${owner.id}&sort=createdAt`, { cookie }));
      expect(response.status).toBe(200);
      return (await response.json()) as { id: number; notes?: string; largeUrl: string | null }[];
    };
    const visitor = await list();
    expect(visitor.map((p) => p.id)).toEqual([featured.id]);
    expect(visitor[0]!.largeUrl).toBeNull();
    const member = await list(memberCookie);
    expect(member.map((p) => p.id)).toEqual([unfeatured.id, featured.id]);
    expect(member.some((p) => "notes" in p)).toBe(false);
    const mine = await list(ownerCookie);
    expect(mine.find((p) => p.id === featured.id)!.notes).toBe("Push one stop");
  });

  it("gives a visitor nothing of a hidden member, even by year", async () => {
    const { hidden, year } = await club();
    for (const query of [`userId=${hidden.id}`, `userId=${hidden.id}&year=${year}`]) {
      const response = await call(photosList, request(`/api/photos?${query}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
  });

  it("refuses a bad sort, page or year with 422", async () => {
    for (const query of ["sort=random", "page=0", "page=x", "year=20", "year=2024"]) {
      const response = await call(photosList, request(`/api/photos?${query}`));
      expect(response.status, query).toBe(422);
      expect((await response.json()).errors.length).toBeGreaterThan(0);
    }
  });
});

describe("PATCH /api/photos/{id}", () => {
  it("asks a visitor to log in and refuses another member", async () => {
    const { featured, memberCookie } = await club();
    expect((await patchPhoto(featured.id, { caption: "Mine now" })).status).toBe(401);
    expect((await patchPhoto(featured.id, { caption: "Mine now" }, memberCookie)).status).toBe(403);
    expect((await patchPhoto(999999999, { caption: "Nobody's" }, memberCookie)).status).toBe(404);
    const [row] = await db().select().from(photos).where(eq(photos.id, featured.id));
    expect(row!.caption).toBe("Market street");
  });

  it("lets the owner change the form fields, keeps the filename, and clears with empty values", async () => {
    const { featured, ownerCookie } = await club();
    // Stored as sent; the caption is trimmed, an empty description cleared, the filename not the form's.
    const asSent = { license: "ccby", acquireLicensePage: "https://example.com/buy" };
    const edit = { ...asSent, caption: "  Canal street ", description: "", filename: "evil.exe" };
    const response = await patchPhoto(featured.id, edit, ownerCookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ...asSent,
      caption: "Canal street",
      description: null,
      filename: "street.jpg",
      notes: "Push one stop",
    });
  });

  it("clears a field sent as null and leaves alone the ones not sent", async () => {
    const { featured, ownerCookie } = await club();
    const response = await patchPhoto(featured.id, { description: null, notes: null }, ownerCookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ description: null, notes: null, caption: "Market street" });
  });

  it("refuses a caption, description or notes over their limits with 422", async () => {
    const { featured, ownerCookie } = await club();
    const response = await patchPhoto(
      featured.id,
      { caption: "c".repeat(501), description: "d".repeat(5001), notes: "n".repeat(20001) },
      ownerCookie,
    );
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.map((e: { path: string }) => e.path).sort()).toEqual(["caption", "description", "notes"]);
    const [row] = await db().select().from(photos).where(eq(photos.id, featured.id));
    expect(row!.caption).toBe("Market street");
  });

  it("saves notes alone", async () => {
    const { featured, ownerCookie } = await club();
    const body = await (await patchPhoto(featured.id, { notes: "Print at A3" }, ownerCookie)).json();
    expect(body).toMatchObject({ notes: "Print at A3", caption: "Market street" });
  });

  it("answers 422 with field errors for a bad licence or link", async () => {
    const { featured, ownerCookie } = await club();
    const response = await patchPhoto(
      featured.id,
      { license: "mine", acquireLicensePage: "javascript:alert(1)" },
      ownerCookie,
    );
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.map((e: { path: string }) => e.path).sort()).toEqual(["acquireLicensePage", "license"]);
  });
});

describe("DELETE /api/photos/{id}", () => {
  it("asks a visitor to log in and refuses another member", async () => {
    const { featured, memberCookie } = await club();
    expect((await deletePhoto(featured.id)).status).toBe(401);
    expect((await deletePhoto(featured.id, memberCookie)).status).toBe(403);
    expect(await db().select().from(photos).where(eq(photos.id, featured.id))).toHaveLength(1);
  });

  it("removes the photo, its ratings, its original asset and every stored object", async () => {
    const { featured, ownerCookie } = await club();
    const [asset] = await db().select().from(assets).where(eq(assets.id, featured.originalAssetId));
    // Narrower copies too: one of a width offered now, one of a width offered before (640 px thumbnails).
    const copies = [
      widthKey(featured.thumbKey!, 768),
      widthKey(featured.thumbKey!, 640),
      widthKey(featured.largeKey!, 768),
    ];
    for (const key of copies) await storage().put(key, Buffer.from("copy"), { contentType: "image/webp" });
    const keys = [asset!.key, featured.thumbKey!, featured.largeKey!, ...copies];
    for (const key of keys) expect(await storage().stat(key)).not.toBeNull();

    expect((await deletePhoto(featured.id, ownerCookie)).status).toBe(204);

    expect(await db().select().from(photos).where(eq(photos.id, featured.id))).toHaveLength(0);
    expect(await db().select().from(ratings).where(eq(ratings.photoId, featured.id))).toHaveLength(0);
    expect(await db().select().from(assets).where(eq(assets.id, featured.originalAssetId))).toHaveLength(0);
    for (const key of keys) expect(await storage().stat(key)).toBeNull();
    expect((await getPhoto(featured.id, ownerCookie)).status).toBe(404);
  });
});

describe("GET /media/photos/{id}/{size}", () => {
  it("serves a visitor the thumbnail of a photo they may see, publicly cacheable, and never the large size", async () => {
    const { featured, unfeatured } = await club();
    const thumb = await media(featured.id, "thumb");
    expect(thumb.status).toBe(200);
    expect(await thumb.text()).toBe("thumb bytes");
    expect(thumb.headers.get("Cache-Control")).toMatch(/^public/);
    expect((await media(featured.id, "large")).status).toBe(404);
    expect((await media(unfeatured.id, "thumb")).status).toBe(404);
  });

  it("serves members both sizes, privately cached when visitors may not see them", async () => {
    const { featured, unfeatured, memberCookie } = await club();
    const large = await media(featured.id, "large", memberCookie);
    expect(large.status).toBe(200);
    expect(await large.text()).toBe("large bytes");
    expect(large.headers.get("Cache-Control")).toMatch(/^private/);
    const thumb = await media(unfeatured.id, "thumb", memberCookie);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Cache-Control")).toMatch(/^private/);
  });

  it("never serves an original", async () => {
    const { featured, memberCookie } = await club();
    for (const size of ["original", "..", "thumb.jpg"])
      expect((await media(featured.id, size, memberCookie)).status).toBe(404);
  });

  it("answers 404 for a photo id that is malformed or beyond the database's range", async () => {
    const { memberCookie } = await club();
    for (const id of ["abc", "0", "1e3", "99999999999"]) {
      const response = await media(id, "thumb", memberCookie);
      expect(response.status, id).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});

describe("POST /api/photos", () => {
  it("turns a member's upload into a photo with the owner's default licence and answers 201 with its JSON", async () => {
    const member = await makeMember({ firstName: "Uma" });
    await db().update(users).set({ license: "ccbysa" }).where(eq(users.id, member.id));
    const cookie = await cookieFor(member.id);
    const bytes = await fs.readFile(path.join(FIXTURES, "Canon_40D.jpg"));
    const signedId = await uploadFile(cookie, bytes, "Canon_40D.jpg");
    const response = await call(
      photosCreate,
      request("/api/photos", { method: "POST", cookie, json: { filename: "Canon_40D.jpg", file: signedId } }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      filename: "Canon_40D.jpg",
      license: "ccbysa",
      UserId: member.id,
      Feature: null,
      notes: null,
      thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${body.id}/thumb\\?v=[\\w-]{12}$`)),
      largeUrl: expect.stringMatching(new RegExp(`^/media/photos/${body.id}/large\\?v=[\\w-]{12}$`)),
    });
    expect(body.metadata.exif.Model.description).toMatch(/Canon EOS 40D/);
    const thumb = await media(body.id, "thumb", cookie);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toMatch(/^image\//);
  });

  it("asks a visitor to log in", async () => {
    const response = await call(
      photosCreate,
      request("/api/photos", { method: "POST", json: { filename: "a.jpg", file: "x" } }),
    );
    expect(response.status).toBe(401);
  });
});
