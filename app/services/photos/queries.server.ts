// Reading photos: which ones a viewer may see, lists in the five sorts of spec
// section 9 paged by page number, a photo's place in its list, random featured
// photos, and loading the rows a photo's JSON is made from.
//
// Paging must not scan: page 1 and the last page cost the same. Every sort reads
// an index in its order (db/schema.ts: `... DESC NULLS LAST, id DESC`); pages in
// the second half are read from the other end of the same index with a small
// OFFSET and turned round, so no page walks past more than half the list.
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import { canSeePhotoDetails, membersVisibleTo, photosVisibleTo, type ViewerRef } from "~/services/access.server";
import { features, meetings, meetingSubmissions, photos, ratings, users } from "@db/schema";
import type { PhotoSort } from "~/lib/photo-schemas";
import type { PhotoRecord, RatingJson } from "./json.server";

export const PAGE_SIZE = 24;

/** Which photos a list holds: all the viewer may see, or one member's. */
export type PhotoScope = { viewer: ViewerRef; userId?: number };

function scopeFilter(scope: PhotoScope): SQL | undefined {
  return and(scope.userId === undefined ? undefined : eq(photos.userId, scope.userId), photosVisibleTo(scope.viewer));
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
      // The member's own rating of each photo (ratings_user_value_idx). There is no
      // index in this order, so page 1 and the last page both sort the member's list.
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
  const [row] = await db().select({ n: count() }).from(photos).where(scopeFilter(scope));
  return row?.n ?? 0;
}

/**
 * The ids at [offset, offset + limit) of the list in its order. Past the middle
 * it reads from the far end (reverse order, small offset) and turns the rows round.
 */
export async function photoIdsAt(spec: ListSpec, total: number, offset: number, limit: number): Promise<number[]> {
  const end = Math.min(total, offset + limit);
  if (offset >= end) return [];
  const key = sortKey(spec.sort, spec.viewer);
  if (offset <= total - end) {
    const rows = await baseSelect(spec)
      .orderBy(...orderFor(key, false))
      .limit(end - offset)
      .offset(offset);
    return rows.map((row) => row.id);
  }
  const rows = await baseSelect(spec)
    .orderBy(...orderFor(key, true))
    .limit(end - offset)
    .offset(total - end);
  return rows.map((row) => row.id).reverse();
}

/**
 * How many photos of the list come before this one (its 0-based place), or null
 * when it is not in the list. Counting is linear in the place, which only the
 * photo detail pays, once.
 */
export async function placeInList(spec: ListSpec, photoId: number): Promise<number | null> {
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

/** One member's featured photos of one year, in position order. */
export async function featuredIdsOfYear(userId: number, year: number): Promise<number[]> {
  const rows = await db()
    .select({ id: features.photoId })
    .from(features)
    .where(and(eq(features.userId, userId), eq(features.year, year)))
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
      .where(and(range, membersVisibleTo(viewer)))
      .orderBy(asc(features.randomKey))
      .limit(limit);
    return rows.map((row) => row.id);
  };
  const first = await pick(gte(features.randomKey, start), wanted);
  if (first.length === wanted) return first;
  return [...first, ...(await pick(lt(features.randomKey, start), wanted - first.length))];
}

/** The rows the JSON of these photos is made from, in the order of `ids`. */
export async function loadPhotoRecords(ids: number[], options: { withRatings: boolean }): Promise<PhotoRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({
      photo: photos,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
      featureYear: features.year,
      featurePosition: features.position,
      meetingStartsAt: meetings.startsAt,
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .leftJoin(features, eq(features.photoId, photos.id))
    .leftJoin(meetingSubmissions, eq(meetingSubmissions.photoId, photos.id))
    .leftJoin(meetings, eq(meetings.id, meetingSubmissions.meetingId))
    .where(inArray(photos.id, ids));

  const ratingsByPhoto = new Map<number, RatingJson[]>();
  if (options.withRatings) {
    const rated = await db()
      .select({ photoId: ratings.photoId, userId: ratings.userId, value: ratings.value })
      .from(ratings)
      .where(inArray(ratings.photoId, ids))
      .orderBy(asc(ratings.createdAt));
    for (const rating of rated) {
      const list = ratingsByPhoto.get(rating.photoId) ?? [];
      list.push({ UserId: rating.userId, value: rating.value });
      ratingsByPhoto.set(rating.photoId, list);
    }
  }

  const byId = new Map(
    rows.map((row): [number, PhotoRecord] => [
      row.photo.id,
      {
        photo: row.photo,
        owner: row.owner,
        feature:
          row.featureYear === null || row.featurePosition === null
            ? null
            : { year: row.featureYear, position: row.featurePosition },
        meetingStartsAt: row.meetingStartsAt,
        ratings: ratingsByPhoto.get(row.photo.id) ?? [],
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
