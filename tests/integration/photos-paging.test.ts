// GET /api/photos paging and sorts: every sort in its
// order with nulls last and ties by newest id, pages read from either end giving
// the same list, and the Link header with full URLs.
import { describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { loader as photosList } from "~/routes/api/photos";
import { PAGE_SIZE, placeInList } from "~/services/photos/queries.server";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto, rateDirectly } from "../support/photos";
import { call } from "../support/routes";

type Listed = { id: number };

async function list(query: string, cookie?: string) {
  const response = await call(photosList, request(`/api/photos?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return { response, ids: ((await response.json()) as Listed[]).map((photo) => photo.id) };
}

/** Every page of a list, walked by page number up to the last page the Link header names. */
async function allPages(query: string, cookie?: string) {
  const first = await list(`${query}&page=1`, cookie);
  const last = Number(/page=(\d+)>; rel="last"/.exec(first.response.headers.get("Link")!)![1]);
  const ids = [...first.ids];
  for (let page = 2; page <= last; page++) ids.push(...(await list(`${query}&page=${page}`, cookie)).ids);
  return ids;
}

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n));

/** 50 photos (three pages: 24, 24, 2) with sort keys that repeat and go missing. */
async function memberWithFiftyPhotos() {
  const owner = await makeMember();
  const rater = await makeMember();
  const made = [];
  for (let i = 0; i < 50; i++) {
    made.push(
      await insertPhoto(owner.id, {
        createdAt: day(i % 7),
        takenAt: i % 5 === 0 ? null : day(i % 3),
        ratingAverage: i % 4 === 0 ? null : (i % 3) * 1000,
        meetingStartsAt: i % 2 === 0 ? null : day(i % 6),
      }),
    );
  }
  for (const [index, photo] of made.entries())
    if (index % 6 === 0) await rateDirectly(photo.id, rater.id, (index % 5) + 1);
  return { owner, rater, made, cookie: await cookieFor(rater.id) };
}

type Made = Awaited<ReturnType<typeof memberWithFiftyPhotos>>["made"][number];

/** The expected order: key descending, missing keys last, then newest id first. */
function expected(made: Made[], key: (photo: Made) => number | null) {
  return [...made]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) {
        if (ka === null) return 1;
        if (kb === null) return -1;
        return kb - ka;
      }
      return b.id - a.id;
    })
    .map((photo) => photo.id);
}

describe("GET /api/photos sorts and pages", () => {
  it("walks every sort page by page in the same order as one sorted list", async () => {
    const { owner, made, cookie } = await memberWithFiftyPhotos();
    const ratingsByRater = new Map(
      made.flatMap((photo, index) => (index % 6 === 0 ? [[photo.id, (index % 5) + 1]] : [])),
    );
    const sorts: [string, (photo: Made) => number | null][] = [
      ["createdAt", (p) => p.createdAt.getTime()],
      ["takenAt", (p) => p.takenAt?.getTime() ?? null],
      ["rating", (p) => p.ratingAverage],
      ["meeting", (p) => p.meetingStartsAt?.getTime() ?? null],
      ["myRating", (p) => ratingsByRater.get(p.id) ?? null],
    ];
    for (const [sort, key] of sorts) {
      expect(await allPages(`userId=${owner.id}&sort=${sort}`, cookie), sort).toEqual(expected(made, key));
    }
    // meeting is the default sort.
    expect(await allPages(`userId=${owner.id}`, cookie)).toEqual(
      expected(made, (p) => p.meetingStartsAt?.getTime() ?? null),
    );
  });

  it("pages by page number with the Link header: full URLs keeping the other parameters", async () => {
    const { owner, cookie } = await memberWithFiftyPhotos();
    const first = await list(`userId=${owner.id}&sort=takenAt`, cookie);
    expect(first.ids).toHaveLength(PAGE_SIZE);
    expect(first.response.headers.get("X-Total-Count")).toBe("50");
    // On BASE_URL, whatever address the request came to (security-links.test.ts).
    const base = `${env().BASE_URL}/api/photos?userId=${owner.id}&sort=takenAt`;
    expect(first.response.headers.get("Link")).toBe(
      `<${base}&page=1>; rel="first", <${base}&page=2>; rel="next", <${base}&page=3>; rel="last"`,
    );
    const middle = await list(`userId=${owner.id}&sort=takenAt&page=2`, cookie);
    expect(middle.response.headers.get("Link")).toBe(
      `<${base}&page=1>; rel="first", <${base}&page=1>; rel="prev", <${base}&page=3>; rel="next", <${base}&page=3>; rel="last"`,
    );
    const last = await list(`userId=${owner.id}&sort=takenAt&page=3`, cookie);
    expect(last.ids).toHaveLength(2);
    expect(last.response.headers.get("Link")).not.toContain('rel="next"');
    const beyond = await list(`userId=${owner.id}&sort=takenAt&page=9`, cookie);
    expect(beyond.ids).toEqual([]);
  });

  it("finds a photo's place in its list in every sort", async () => {
    const { owner, rater, made } = await memberWithFiftyPhotos();
    for (const sort of ["createdAt", "takenAt", "rating", "meeting", "myRating"] as const) {
      const order = await allPages(`userId=${owner.id}&sort=${sort}`, await cookieFor(rater.id));
      for (const index of [0, 1, 23, 24, 37, 49]) {
        expect(await placeInList({ viewer: rater, userId: owner.id, sort }, order[index]!), `${sort} ${index}`).toBe(
          index,
        );
      }
    }
    const other = await makeMember();
    const stranger = await insertPhoto(other.id);
    expect(await placeInList({ viewer: rater, userId: owner.id, sort: "meeting" }, stranger.id)).toBeNull();
    expect(made).toHaveLength(50);
  });

  it("lists a visitor only featured photos of public members, newest first whatever the sort", async () => {
    const { owner } = await memberWithFiftyPhotos();
    const visitor = await list(`userId=${owner.id}&sort=rating`);
    expect(visitor.ids).toEqual([]);
    expect(visitor.response.headers.get("X-Total-Count")).toBe("0");
  });
});
