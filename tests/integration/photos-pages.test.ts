// The photo screens' loaders and actions for each role: home, /browse, member
// galleries (year pager, 'All' for members only, single years in position order,
// the detail with its neighbours) and the forms' action (owner only).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { photos as photosTable, users } from "@db/schema";
import { action as browseAction, loader as browseLoader } from "~/routes/browse";
import { loader as homeLoader } from "~/routes/home";
import { action as galleryAction, loader as galleryLoader } from "~/routes/members/gallery";
import { PAGE_SIZE } from "~/services/photos/queries.server";
import { cookieFor, formRequest, makeMember, request } from "../support/members";
import { featureDirectly, insertPhoto, positionsOfYear, setJoinDate } from "../support/photos";
import { call } from "../support/routes";

const thisYear = new Date().getFullYear();

async function gallery(username: string, year: string, photoId?: number, cookie?: string, query = "") {
  const path = `/members/${username}/${year}${photoId ? `/${photoId}` : ""}${query}`;
  return call(galleryLoader, request(path, { cookie }), {
    username,
    year,
    ...(photoId ? { photoId: String(photoId) } : {}),
  });
}

const form = (fields: Record<string, string>, cookie?: string, path = "/browse") => formRequest(path, fields, cookie);

async function portfolio() {
  const owner = await makeMember({ firstName: "Gita" });
  await setJoinDate(owner.id, new Date(thisYear - 2, 5, 1));
  const photos = [];
  for (let i = 0; i < 3; i++) photos.push(await insertPhoto(owner.id, { caption: `Gita ${i}` }));
  // Positions: 2, 0, 1 in this year; photo 3 not featured.
  await featureDirectly(photos[2]!, thisYear, 1);
  await featureDirectly(photos[0]!, thisYear, 2);
  await featureDirectly(photos[1]!, thisYear, 3);
  const unfeatured = await insertPhoto(owner.id, { caption: "Gita unfeatured" });
  return {
    owner,
    photos,
    unfeatured,
    ownerCookie: await cookieFor(owner.id),
    memberCookie: await cookieFor((await makeMember()).id),
  };
}

describe("member gallery", () => {
  it("shows a visitor a year in position order, with years from last year down to the join year and no 'All'", async () => {
    const { owner, photos } = await portfolio();
    const response = await gallery(owner.username, String(thisYear));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.years).toEqual([thisYear - 1, thisYear - 2]);
    expect(body.isMember).toBe(false);
    expect(body.featured.map((photo: { id: number }) => photo.id)).toEqual([
      photos[2]!.id,
      photos[0]!.id,
      photos[1]!.id,
    ]);
    expect((await gallery(owner.username, "all")).status).toBe(404);
    expect((await gallery(owner.username, String(thisYear - 1))).status).toBe(200);
  });

  it("gives members 'All' with a sort and pages, and years from this year", async () => {
    const { owner, memberCookie } = await portfolio();
    const response = await gallery(owner.username, "all", undefined, memberCookie, "?sort=createdAt");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.years).toEqual([thisYear, thisYear - 1, thisYear - 2]);
    expect(body.sort).toBe("createdAt");
    expect(body.list.photos.map((photo: { caption: string }) => photo.caption)).toEqual([
      "Gita unfeatured",
      "Gita 2",
      "Gita 1",
      "Gita 0",
    ]);
  });

  it("is 404 for a visitor when the member is not public or is deactivated", async () => {
    const { owner, memberCookie } = await portfolio();
    await db().update(users).set({ isPublic: false }).where(eq(users.id, owner.id));
    expect((await gallery(owner.username, String(thisYear))).status).toBe(404);
    expect((await gallery(owner.username, String(thisYear), undefined, memberCookie)).status).toBe(200);
    await db().update(users).set({ isPublic: true, deactivatedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await gallery(owner.username, String(thisYear))).status).toBe(404);
  });

  it("opens a photo of the year with its neighbours in position order; a photo outside the year is 404", async () => {
    const { owner, photos, unfeatured } = await portfolio();
    const response = await gallery(owner.username, String(thisYear), photos[0]!.id);
    expect(response.status).toBe(200);
    const { detail } = await response.json();
    expect(detail.previous).toEqual({ id: photos[2]!.id });
    expect(detail.next).toEqual({ id: photos[1]!.id });
    expect(detail.details).toBeNull();
    expect(detail.featureYears).toBeNull();
    expect(detail.photo.largeUrl).toBeNull();
    expect((await gallery(owner.username, String(thisYear), unfeatured.id)).status).toBe(404);
  });

  it("follows a photo its owner moved to another year or un-featured to where it is now", async () => {
    const { owner, photos, unfeatured, ownerCookie } = await portfolio();
    const moved = await gallery(owner.username, String(thisYear - 1), photos[0]!.id);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/members/${owner.username}/${thisYear}/${photos[0]!.id}`);
    const unfeaturedForOwner = await gallery(owner.username, String(thisYear), unfeatured.id, ownerCookie);
    expect(unfeaturedForOwner.status).toBe(302);
    expect(unfeaturedForOwner.headers.get("Location")).toBe(`/members/${owner.username}/all/${unfeatured.id}`);
    // Another member's photo never shows under this member's name.
    const stranger = await insertPhoto((await makeMember()).id);
    expect((await gallery(owner.username, String(thisYear), stranger.id, ownerCookie)).status).toBe(404);
  });

  it("gives the owner the years the photo may be featured in", async () => {
    const { owner, photos, ownerCookie } = await portfolio();
    const { detail } = await (await gallery(owner.username, "all", photos[0]!.id, ownerCookie)).json();
    expect(detail.featureYears).toEqual([thisYear, thisYear - 1, thisYear - 2]);
    expect(detail.photo.notes).toBeNull();
  });
});

describe("photo pages given ids that name nothing", () => {
  it("answer 404, not an error, for a malformed or out-of-range photo id or year", async () => {
    const { owner, memberCookie } = await portfolio();
    for (const id of ["abc", "0", "99999999999"]) {
      const browse = await call(browseLoader, request(`/browse/${id}`, { cookie: memberCookie }), { photoId: id });
      expect(browse.status, id).toBe(404);
      const inGallery = await call(
        galleryLoader,
        request(`/members/${owner.username}/all/${id}`, { cookie: memberCookie }),
        { username: owner.username, year: "all", photoId: id },
      );
      expect(inGallery.status, id).toBe(404);
    }
    for (const year of ["20x4", "999", "99999"])
      expect((await gallery(owner.username, year, undefined, memberCookie)).status, year).toBe(404);
  });

  it("answer a form naming a malformed or out-of-range photo id with 404", async () => {
    const { ownerCookie } = await portfolio();
    for (const intent of ["update", "feature", "delete"]) {
      for (const photoId of ["abc", "99999999999"]) {
        const response = await call(browseAction, form({ intent, photoId, license: "ccby", year: "" }, ownerCookie));
        expect(response.status, `${intent} ${photoId}`).toBe(404);
      }
    }
  });
});

describe("browse", () => {
  it("opens a photo in place of the grid, with the page it is on and its neighbours", async () => {
    const owner = await makeMember();
    const cookie = await cookieFor(owner.id);
    // A photo far in the future stays first in 'createdAt' whatever other suites add meanwhile.
    const newest = await insertPhoto(owner.id, { createdAt: new Date(Date.UTC(2999, 0, 2)) });
    const second = await insertPhoto(owner.id, { createdAt: new Date(Date.UTC(2999, 0, 1)) });
    const response = await call(browseLoader, request(`/browse/${second.id}?sort=createdAt`, { cookie }), {
      photoId: String(second.id),
    });
    const { detail, list } = await response.json();
    expect(list).toBeNull();
    expect(detail.page).toBe(1);
    expect(detail.previous).toEqual({ id: newest.id, page: 1 });
    expect(detail.next.page).toBe(1);
    expect(detail.photo.id).toBe(second.id);
    const grid = await (await call(browseLoader, request("/browse?sort=createdAt&page=1", { cookie }))).json();
    expect(grid.list.photos.slice(0, 2).map((photo: { id: number }) => photo.id)).toEqual([newest.id, second.id]);
    expect(grid.list.photos.length).toBeLessThanOrEqual(PAGE_SIZE);
  });
});

describe("home", () => {
  it("shows random featured photos, each with its feature year for the link", async () => {
    await portfolio();
    const body = await (await call(homeLoader, request("/"))).json();
    expect(body.photos.length).toBeGreaterThan(0);
    for (const photo of body.photos) expect(photo.Feature.year).toEqual(expect.any(Number));
  });
});

describe("photo forms", () => {
  it("lets only the owner save the edit form", async () => {
    const { photos, ownerCookie, memberCookie } = await portfolio();
    const fields = { intent: "update", photoId: String(photos[0]!.id), caption: "Wet pavement", license: "ccby" };
    const forbidden = await call(browseAction, form(fields, memberCookie));
    expect(forbidden.status).toBe(403);
    // The refusal goes on top of the form, which stays on the screen.
    expect((await forbidden.json()).result.error[""]).toEqual(["Only the photo's owner may do that."]);
    const saved = await call(browseAction, form(fields, ownerCookie));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ intent: "update", message: "Photo updated!" });
    const refused = await call(browseAction, form({ ...fields, license: "nope" }, ownerCookie));
    expect(refused.status).toBe(422);
    expect((await refused.json()).result.error.license).toBeDefined();
  });

  it("clears the fields the edit form sends empty, and never the notes it does not show", async () => {
    const owner = await makeMember();
    const cookie = await cookieFor(owner.id);
    const photo = await insertPhoto(owner.id, {
      caption: "Before",
      description: "Some words",
      notes: "Keep me",
      license: "ccby",
    });
    await db()
      .update(photosTable)
      .set({ acquireLicensePage: "https://example.com/buy" })
      .where(eq(photosTable.id, photo.id));
    const fields = {
      intent: "update",
      photoId: String(photo.id),
      caption: "",
      description: "",
      license: "ccbysa",
      acquireLicensePage: "",
    };
    expect((await call(browseAction, form(fields, cookie))).status).toBe(200);
    const [row] = await db().select().from(photosTable).where(eq(photosTable.id, photo.id));
    expect(row).toMatchObject({
      caption: null,
      description: null,
      acquireLicensePage: null,
      license: "ccbysa",
      notes: "Keep me",
    });
  });

  it("answers a refused button with its message for the error modal", async () => {
    const { owner, photos, ownerCookie, memberCookie } = await portfolio();
    const deleted = await call(browseAction, form({ intent: "delete", photoId: String(photos[0]!.id) }, memberCookie));
    expect(deleted.status).toBe(403);
    expect(await deleted.json()).toEqual({ error: "Only the photo's owner may do that." });

    const unreadable = await call(
      browseAction,
      form({ intent: "feature", photoId: String(photos[0]!.id), year: "soon" }, ownerCookie),
    );
    expect(unreadable.status).toBe(422);
    expect(await unreadable.json()).toEqual({ error: "Please choose a year." });

    const stale = await call(
      browseAction,
      form({ intent: "reorder", year: String(thisYear), photoIds: String(photos[0]!.id) }, ownerCookie),
    );
    expect(stale.status).toBe(422);
    expect(await stale.json()).toEqual({ error: "The featured photos changed meanwhile. Please reload the page." });
    expect((await positionsOfYear(owner.id, thisYear)).map(([id]) => id)).toEqual([
      photos[2]!.id,
      photos[0]!.id,
      photos[1]!.id,
    ]);
  });

  it("features through the select and reports a full year", async () => {
    const { owner, unfeatured, ownerCookie } = await portfolio();
    for (let i = 0; i < 9; i++) await featureDirectly(await insertPhoto(owner.id), thisYear, 4 + i);
    const path = `/members/${owner.username}/all`;
    const full = await call(
      galleryAction,
      form({ intent: "feature", photoId: String(unfeatured.id), year: String(thisYear) }, ownerCookie, path),
    );
    expect(full.status).toBe(422);
    expect(await full.json()).toEqual({ error: "There are already 12 photos featured for that year." });
    const ok = await call(
      galleryAction,
      form({ intent: "feature", photoId: String(unfeatured.id), year: String(thisYear - 1) }, ownerCookie, path),
    );
    expect(ok.status).toBe(200);
    expect(await positionsOfYear(owner.id, thisYear - 1)).toEqual([[unfeatured.id, 1]]);
  });

  it("reorders the owner's year and deletes back to the list", async () => {
    const { owner, photos, ownerCookie } = await portfolio();
    const path = `/members/${owner.username}/${thisYear}`;
    const order = [photos[0]!.id, photos[1]!.id, photos[2]!.id];
    const reordered = await call(
      galleryAction,
      form({ intent: "reorder", year: String(thisYear), photoIds: order.join(",") }, ownerCookie, path),
    );
    expect(reordered.status).toBe(200);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual(order.map((id, index) => [id, index + 1]));

    const deleted = await call(
      galleryAction,
      form({ intent: "delete", photoId: String(photos[0]!.id), returnTo: path }, ownerCookie, path),
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(path);
    expect(await positionsOfYear(owner.id, thisYear)).toEqual([
      [photos[1]!.id, 1],
      [photos[2]!.id, 2],
    ]);
  });
});
