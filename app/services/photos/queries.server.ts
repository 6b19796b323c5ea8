// Reading photos: which ones a viewer may see, lists in the five sorts
// paged by page number, a photo's place in its list, a featured year,
// and random featured photos.
//
// Paging must not scan: page 1 and the last page cost the same. Every sort reads
// an index in its order (db/schema.ts: `... DESC NULLS LAST, id DESC`); pages in
// the second half are read from the other end of the same index with a small
// OFFSET and turned round, so no page walks past more than half the list.
// 'myRating' is two lists end to end, each paged that way (myRatingIdsAt).
//
// Counts, pages of ids and places in a list are kept in memory under the photos'
// data version, read here once per request (requestVersions, data-versions.server.ts;
// callers never pass versions), and while no photo, feature, rating, meeting or
// member changed they are not read again. No count(*) per page view then, yet
// every count is exact: any change moves the version. Photo rows are kept the
// same way (photo-records.server.ts), and the home page's draws (random-draws.server.ts).
//
// No list holds a photo whose anonymous meeting hides its author from the
// viewer (access.server: photosListedTo); a member with such photos of their
// own sees them, so their lists are kept under keys of their own.
import { and, asc, count, eq, exists, gte, lt, not, notExists, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import {
  authorHiddenSql,
  canSeePhotoDetails,
  membersVisibleTo,
  photosListedTo,
  type ViewerRef,
} from "~/services/access.server";
import { features, photos, ratings, users } from "@db/schema";
import type { PhotoSort } from "~/lib/photo-schemas";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";
import { ownsHiddenPhotos } from "./hidden-authors.server";

export const PAGE_SIZE = 24;

/** Which photos a list holds: all the viewer may see, or one member's. */
export type PhotoScope = { viewer: ViewerRef; userId?: number };

// Bounded: a page of ids is 24 numbers.
const counts = new VersionedCache<number>("photos", 1_000);
const pagesOfIds = new VersionedCache<number[]>("photos", 5_000);
const places = new VersionedCache<number | null>("photos", 5_000);

/**
 * What a list holds for this viewer: visitors see fewer photos, and see them
 * newest first; a member with photos hidden from the others sees those too.
 */
async function scopeKey(scope: PhotoScope): Promise<string> {
  const who = canSeePhotoDetails(scope.viewer) ? "member" : "visitor";
  const own = (await ownsHiddenPhotos(scope.viewer)) ? `:own${scope.viewer!.id}` : "";
  return `${who}${own}:${scope.userId ?? "all"}`;
}

async function listKey(spec: ListSpec): Promise<string> {
  if (!canSeePhotoDetails(spec.viewer)) return `${await scopeKey(spec)}:createdAt`;
  return `${await scopeKey(spec)}:${spec.sort}${spec.sort === "myRating" ? `:${spec.viewer.id}` : ""}`;
}

/** `read`, or what it gave under this key at the versions this request reads. */
async function kept<V>(cache: VersionedCache<V>, key: string, read: () => Promise<V>) {
  const at = await requestVersions();
  const known = at ? cache.get(at, key) : undefined;
  if (known !== undefined) return known;
  const value = await read();
  if (at) cache.set(at, key, value);
  return value;
}

function scopeFilter(scope: PhotoScope): SQL | undefined {
  return and(scope.userId === undefined ? undefined : eq(photos.userId, scope.userId), photosListedTo(scope.viewer));
}

type SortKey = {
  key: SQL;
  /** Nullable keys sort their nulls last (the indexes say NULLS LAST); NOT NULL keys keep the default. */
  nullable: boolean;
  /** The key of one photo, as a scalar subquery (exact, no rounding through JavaScript). */
  keyOf: (photoId: number) => SQL;
};

function sortKey(sort: PhotoSort, viewer: ViewerRef): SortKey {
  const column = (
    c: typeof photos.createdAt | typeof photos.takenAt | typeof photos.meetingStartsAt | typeof photos.ratingAverage,
    nullable: boolean,
  ): SortKey => ({
    key: sql`${c}`,
    nullable,
    keyOf: (photoId) => sql`(select ${c} from ${photos} where ${photos.id} = ${photoId})`,
  });
  // Visitors see neither ratings, taken dates nor meetings: their lists go newest first.
  if (!canSeePhotoDetails(viewer)) return column(photos.createdAt, false);
  switch (sort) {
    case "createdAt":
      return column(photos.createdAt, false);
    case "takenAt":
      return column(photos.takenAt, true);
    case "rating":
      return column(photos.ratingAverage, true);
    case "myRating":
      // The member's own rating of each photo, for placeInList; pages are read by
      // myRatingIdsAt, which follows this order (unrated photos are the null keys).
      return {
        key: sql`(select ${ratings.value} from ${ratings} where ${ratings.photoId} = ${photos.id} and ${ratings.userId} = ${viewer.id})`,
        nullable: true,
        keyOf: (photoId) =>
          sql`(select ${ratings.value} from ${ratings} where ${ratings.photoId} = ${photoId} and ${ratings.userId} = ${viewer.id})`,
      };
    case "meeting":
      return column(photos.meetingStartsAt, true);
  }
}

type ListSpec = PhotoScope & { sort: PhotoSort };

// Every photo index is `key DESC NULLS LAST, id DESC NULLS LAST` (drizzle's .desc()).
// PostgreSQL only reads an index for an ORDER BY whose null placement matches it,
// even for NOT NULL columns, so both columns always spell it out; otherwise it
// sorts the whole table (createdAt) or every tie group (the null meeting dates).
function orderFor(key: SortKey, reversed: boolean): SQL[] {
  if (reversed) return [sql`${key.key} asc nulls first`, sql`${photos.id} asc nulls first`];
  return [sql`${key.key} desc nulls last`, sql`${photos.id} desc nulls last`];
}

function baseSelect(spec: ListSpec, extraWhere?: SQL) {
  return db()
    .select({ id: photos.id })
    .from(photos)
    .where(and(scopeFilter(spec), extraWhere));
}

export async function countPhotos(scope: PhotoScope): Promise<number> {
  return kept(counts, await scopeKey(scope), async () => {
    const [row] = await db().select({ n: count() }).from(photos).where(scopeFilter(scope));
    return row?.n ?? 0;
  });
}

type ReadIds = (reversed: boolean, offset: number, limit: number) => Promise<{ id: number }[]>;

/**
 * The ids at [offset, end) of a list of `total` read by `read`. Past the middle
 * it reads from the far end (reverse order, small offset) and turns the rows round.
 */
async function fromNearerEnd(total: number, offset: number, end: number, read: ReadIds): Promise<number[]> {
  if (offset >= end) return [];
  if (offset <= total - end) return (await read(false, offset, end - offset)).map((row) => row.id);
  return (await read(true, total - end, end - offset)).map((row) => row.id).reverse();
}

/** The ids at [offset, offset + limit) of the list in its order. */
export async function photoIdsAt(spec: ListSpec, total: number, offset: number, limit: number): Promise<number[]> {
  return kept(pagesOfIds, `${await listKey(spec)}:${total}:${offset}:${limit}`, () =>
    readPhotoIdsAt(spec, total, offset, limit),
  );
}

async function readPhotoIdsAt(spec: ListSpec, total: number, offset: number, limit: number): Promise<number[]> {
  const end = Math.min(total, offset + limit);
  if (spec.sort === "myRating" && canSeePhotoDetails(spec.viewer)) {
    return myRatingIdsAt(spec, spec.viewer.id, total, offset, end);
  }
  const key = sortKey(spec.sort, spec.viewer);
  return fromNearerEnd(total, offset, end, (reversed, skip, take) =>
    baseSelect(spec)
      .orderBy(...orderFor(key, reversed))
      .limit(take)
      .offset(skip),
  );
}

// 'myRating': the photos the member rated, highest rating first and newest photo
// first among equals, then every photo they have not rated, newest first. The
// unrated ones stay in the list: a member sorting by their
// own rating still browses the whole club, and that part pages by an index too.
// No one index holds the whole order, so the list is the rated part then the
// unrated part, each read from its nearer end by its own index:
// - rated: ratings_user_value_idx (user_id, value desc, photo_id desc), in order;
// - unrated: the photos' primary key, newest first, each photo checked against
//   the ratings' primary key (photo_id, user_id).
// Both parts sit inside the list's scope (a gallery: one member's photos). The
// rated part's size is counted on every page, as the list's total is: it says
// where the second part starts.

/** The member's ratings of photos in the list's scope (a gallery: one member's photos). */
function ratedByMember(spec: ListSpec, memberId: number): SQL | undefined {
  const scope = scopeFilter(spec);
  const inScope =
    scope &&
    exists(
      db()
        .select({ one: sql`1` })
        .from(photos)
        .where(and(eq(photos.id, ratings.photoId), scope)),
    );
  return and(eq(ratings.userId, memberId), inScope);
}

async function myRatingIdsAt(spec: ListSpec, memberId: number, total: number, offset: number, end: number) {
  if (offset >= end) return [];
  const [counted] = await db().select({ n: count() }).from(ratings).where(ratedByMember(spec, memberId));
  const rated = counted?.n ?? 0;
  const ratedIds = await fromNearerEnd(rated, offset, Math.min(end, rated), (reversed, skip, take) =>
    db()
      .select({ id: ratings.photoId })
      .from(ratings)
      .where(ratedByMember(spec, memberId))
      .orderBy(
        ...(reversed
          ? [sql`${ratings.value} asc nulls first`, sql`${ratings.photoId} asc nulls first`]
          : [sql`${ratings.value} desc nulls last`, sql`${ratings.photoId} desc nulls last`]),
      )
      .limit(take)
      .offset(skip),
  );
  const notRated = notExists(
    db()
      .select({ one: sql`1` })
      .from(ratings)
      .where(and(eq(ratings.photoId, photos.id), eq(ratings.userId, memberId))),
  );
  // The primary key is ascending: newest first is its backward scan.
  const unratedIds = await fromNearerEnd(
    total - rated,
    Math.max(0, offset - rated),
    end - rated,
    (reversed, skip, take) =>
      baseSelect(spec, notRated)
        .orderBy(reversed ? asc(photos.id) : sql`${photos.id} desc`)
        .limit(take)
        .offset(skip),
  );
  return [...ratedIds, ...unratedIds];
}

/**
 * How many photos of the list come before this one (its 0-based place), or null
 * when it is not in the list. Counting is linear in the place, which only the
 * photo detail pays, once.
 */
export async function placeInList(spec: ListSpec, photoId: number): Promise<number | null> {
  return kept(places, `${await listKey(spec)}:${photoId}`, () => readPlaceInList(spec, photoId));
}

async function readPlaceInList(spec: ListSpec, photoId: number): Promise<number | null> {
  const key = sortKey(spec.sort, spec.viewer);
  const [inList] = await baseSelect(spec, eq(photos.id, photoId)).limit(1);
  if (!inList) return null;
  const k = key.keyOf(photoId);
  // In `key DESC NULLS LAST, id DESC`: a larger key, or the same key and a larger id;
  // when this photo's key is null, every photo with a key, and null keys with a larger id.
  const before = sql`(${key.key} > ${k} or (${key.key} = ${k} and ${photos.id} > ${photoId}) or (${k} is null and (${key.key} is not null or ${photos.id} > ${photoId})))`;
  const [row] = await db()
    .select({ n: count() })
    .from(photos)
    .where(and(scopeFilter(spec), before));
  return row?.n ?? 0;
}

/** One member's featured photos of one year the viewer may have listed, in position order. */
export async function featuredIdsOfYear(viewer: ViewerRef, userId: number, year: number): Promise<number[]> {
  const rows = await db()
    .select({ id: features.photoId })
    .from(features)
    .where(and(eq(features.userId, userId), eq(features.year, year), not(authorHiddenSql(viewer, features.photoId))))
    .orderBy(asc(features.position));
  return rows.map((row) => row.id);
}

/**
 * Up to `wanted` random featured photos the viewer may see. Each feature carries a
 * random key fixed when it was made; seek the index from a random point and wrap
 * round to the start when the end comes first. The cost does not grow with the
 * number of featured photos (never ORDER BY random() over the table).
 */
export async function randomFeaturedIds(viewer: ViewerRef, wanted: number, start = Math.random()): Promise<number[]> {
  const pick = async (range: SQL, limit: number) => {
    const rows = await db()
      .select({ id: features.photoId })
      .from(features)
      .innerJoin(users, eq(users.id, features.userId))
      .where(and(range, membersVisibleTo(viewer), not(authorHiddenSql(viewer, features.photoId))))
      .orderBy(asc(features.randomKey))
      .limit(limit);
    return rows.map((row) => row.id);
  };
  const first = await pick(gte(features.randomKey, start), wanted);
  if (first.length === wanted) return first;
  return [...first, ...(await pick(lt(features.randomKey, start), wanted - first.length))];
}
