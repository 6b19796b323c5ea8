// The sorts by rating follow real
// ratings made through ratePhoto, never stored averages set by hand:
// - 'rating': the average of the other members' ratings, highest first, unrated
//   photos last, ties newest first; it moves as members rate, change and clear;
// - 'myRating': the viewer's own ratings, highest first (ties newest first), then
//   every photo they have not rated, newest first; paged from either end of each
//   part, so every window of the list must match the one sorted list.
// Galleries give exact lists (one member's photos); the whole club's list is
// shared with other suites running meanwhile, so only its rated part is exact.
import { describe, expect, it } from "vitest";
import { loader as photosList } from "~/routes/api/photos";
import { loader as browseLoader } from "~/routes/browse";
import { PAGE_SIZE, photoIdsAt, placeInList } from "~/services/photos/queries.server";
import { ratePhoto } from "~/services/ratings/ratings.server";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

type Listed = { id: number; rating?: number | null };

async function list(query: string, cookie: string) {
  const response = await call(photosList, request(`/api/photos?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return { response, photos: (await response.json()) as Listed[] };
}

/** Every page of a list, walked by page number up to the last page the Link header names. */
async function allPages(query: string, cookie: string) {
  const first = await list(`${query}&page=1`, cookie);
  const last = Number(/page=(\d+)>; rel="last"/.exec(first.response.headers.get("Link")!)![1]);
  const photos = [...first.photos];
  for (let page = 2; page <= last; page++) photos.push(...(await list(`${query}&page=${page}`, cookie)).photos);
  return photos;
}

const rate = (member: { id: number }, photo: { id: number }, value: number) => ratePhoto(member, photo.id, { value });

describe("the 'rating' sort", () => {
  it("orders a gallery by the averages ratePhoto keeps, and moves as members rate, change and clear", async () => {
    const owner = await makeMember();
    const [ann, bob, cy] = [await makeMember(), await makeMember(), await makeMember()];
    const cookie = await cookieFor(ann.id);
    const [a, b, c, d, e] = [
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
    ];
    await rate(ann, a, 3);
    await rate(bob, a, 4); // a: 3.5
    await rate(ann, b, 5); // b: 5
    await rate(ann, c, 2);
    await rate(owner, c, 5); // c: 2, the owner's own left out
    await rate(owner, d, 5); // d: only its owner's, so unrated
    await rate(cy, e, 4);
    await rate(ann, e, 3); // e: 3.5, the same as a; e is newer

    const order = async () =>
      (await allPages(`userId=${owner.id}&sort=rating`, cookie)).map((photo) => [photo.id, photo.rating]);
    expect(await order()).toEqual([
      [b.id, 5],
      [e.id, 3.5],
      [a.id, 3.5],
      [c.id, 2],
      [d.id, null],
    ]);

    await rate(ann, b, 1); // changed: b falls to the bottom of the rated ones
    await rate(bob, d, 4); // d gets its first rating by someone else
    await rate(ann, c, 0); // cleared: c is unrated again
    expect(await order()).toEqual([
      [d.id, 4],
      [e.id, 3.5],
      [a.id, 3.5],
      [b.id, 1],
      [c.id, null],
    ]);
  });
});

describe("the 'myRating' sort", () => {
  /**
   * A gallery of 60 photos; the viewer rates 38 of them 1 to 5 (many ties) and
   * one photo elsewhere; someone else rates photos too, which must not count.
   */
  async function galleryRatedByViewer() {
    const owner = await makeMember();
    const viewer = await makeMember();
    const other = await makeMember();
    const made = [];
    for (let i = 0; i < 60; i++) made.push(await insertPhoto(owner.id));
    const mine = new Map<number, number>();
    for (const [i, photo] of made.entries()) {
      if (i % 12 === 5 || i % 12 === 9) continue; // 7 not rated by the viewer...
      if (i >= 45) continue; // ...and the 15 newest neither: 38 rated
      const value = ((i * 7) % 5) + 1;
      await rate(viewer, photo, value);
      mine.set(photo.id, value);
    }
    for (const [i, photo] of made.entries()) if (i % 3 === 0) await rate(other, photo, 5 - (i % 5));
    const elsewhere = await insertPhoto(other.id);
    await rate(viewer, elsewhere, 5);
    return { owner, viewer, made, mine, elsewhere };
  }

  /** Rated first by value, highest first; ties and the unrated part newest first. */
  function expected(made: { id: number }[], mine: Map<number, number>) {
    return [...made]
      .sort((x, y) => {
        const vx = mine.get(x.id) ?? 0;
        const vy = mine.get(y.id) ?? 0;
        return vx !== vy ? vy - vx : y.id - x.id;
      })
      .map((photo) => photo.id);
  }

  it("lists the viewer's ratings highest first, then the photos they have not rated, newest first", async () => {
    const { owner, viewer, made, mine, elsewhere } = await galleryRatedByViewer();
    expect(mine.size).toBe(38);
    const order = expected(made, mine);
    const cookie = await cookieFor(viewer.id);
    const first = await list(`userId=${owner.id}&sort=myRating&page=1`, cookie);
    expect(first.response.headers.get("X-Total-Count")).toBe("60");
    const walked = (await allPages(`userId=${owner.id}&sort=myRating`, cookie)).map((photo) => photo.id);
    expect(walked).toEqual(order);
    expect(walked).not.toContain(elsewhere.id);
    // The owner's list has nothing rated by the owner: newest first throughout.
    const ownerOrder = (await allPages(`userId=${owner.id}&sort=myRating`, await cookieFor(owner.id))).map((p) => p.id);
    expect(ownerOrder).toEqual([...made].reverse().map((photo) => photo.id));
  });

  it("gives the same list in every window, read from either end of either part", async () => {
    const { owner, viewer, made, mine } = await galleryRatedByViewer();
    const order = expected(made, mine);
    const spec = { viewer, userId: owner.id, sort: "myRating" as const };
    // One photo at a time (the photo detail's neighbours): each part from both ends.
    for (let offset = 0; offset < order.length; offset++) {
      expect(await photoIdsAt(spec, order.length, offset, 1), `offset ${offset}`).toEqual([order[offset]]);
    }
    // Windows across the boundary between the parts (38), and past the end.
    for (const [offset, limit] of [
      [30, 10],
      [20, 24],
      [37, 2],
      [0, 60],
      [50, 24],
      [60, 24],
    ] as const) {
      expect(await photoIdsAt(spec, order.length, offset, limit), `${offset}+${limit}`).toEqual(
        order.slice(offset, offset + limit),
      );
    }
    for (const index of [0, 17, 37, 38, 39, 59]) {
      expect(await placeInList(spec, order[index]!), `place ${index}`).toBe(index);
    }
  });

  it("moves a photo as the viewer rates, changes and clears it", async () => {
    const { owner, viewer, made, mine } = await galleryRatedByViewer();
    const cookie = await cookieFor(viewer.id);
    const newestUnrated = made[59]!;
    const topRated = made.find((photo) => mine.get(photo.id) === 5)!;
    await rate(viewer, newestUnrated, 5);
    mine.set(newestUnrated.id, 5);
    await rate(viewer, topRated, 0);
    mine.delete(topRated.id);
    const walked = (await allPages(`userId=${owner.id}&sort=myRating`, cookie)).map((photo) => photo.id);
    expect(walked).toEqual(expected(made, mine));
    expect(walked[0]).toBe(newestUnrated.id);
    expect(walked.indexOf(topRated.id)).toBeGreaterThanOrEqual(mine.size);
  });

  it("starts /browse and the whole club's list with the viewer's ratings, in order", async () => {
    const { viewer, made, mine, elsewhere } = await galleryRatedByViewer();
    mine.set(elsewhere.id, 5);
    const rated = expected([...made, elsewhere], mine).slice(0, mine.size); // 39
    const cookie = await cookieFor(viewer.id);

    const browse = async (page: number) => {
      const response = await call(browseLoader, request(`/browse?sort=myRating&page=${page}`, { cookie }));
      expect(response.status).toBe(200);
      return ((await response.json()) as { list: { photos: Listed[] } }).list.photos.map((photo) => photo.id);
    };
    const [first, second] = [await browse(1), await browse(2)];
    expect(first).toEqual(rated.slice(0, PAGE_SIZE));
    expect(second.slice(0, rated.length - PAGE_SIZE)).toEqual(rated.slice(PAGE_SIZE));
    // After the rated part: photos the viewer has not rated, newest first.
    const unrated = second.slice(rated.length - PAGE_SIZE);
    expect(unrated.length).toBeGreaterThan(0);
    for (const id of unrated) expect(mine.has(id), `photo ${id}`).toBe(false);
    expect(unrated).toEqual([...unrated].sort((x, y) => y - x));

    const api = await list("sort=myRating&page=1", cookie);
    expect(api.photos.map((photo) => photo.id)).toEqual(rated.slice(0, PAGE_SIZE));
  });
});
