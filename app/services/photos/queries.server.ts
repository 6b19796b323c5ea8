// Reading photos: which ones a viewer may see, lists in the five sorts of spec
// section 9 paged by page number, a photo's place in its list, random featured
// photos, and loading the rows a photo's JSON is made from.
//
// Paging must not scan: page 1 and the last page cost the same. Every sort reads
// an index in its order (db/schema.ts: `... DESC NULLS LAST, id DESC`); pages in
// the second half are read from the other end of the same index with a small
// OFFSET and turned round, so no page walks past more than half the list.
// 'myRating' is two lists end to end, each paged that way (myRatingIdsAt).
//
// Counts, pages of ids, places in a list and photo rows are kept in memory under
// the photos' data version (data-versions.server.ts): a caller passes the
// versions it read (`at`, from photoVersions()), and while no photo, feature,
// rating, meeting or member changed they are not read again. No count(*) per
// page view then, yet every count is exact: any change moves the version.
import { and, asc, count, eq, exists, gte, inArray, lt, notExists, sql, type SQL } from "drizzle-orm";
import { db } from "@db/client.server";
import { canSeePhotoDetails, membersVisibleTo, photosVisibleTo, type ViewerRef } from "~/services/access.server";
import { features, meetings, meetingSubmissions, photos, ratings, users } from "@db/schema";
import type { PhotoSort } from "~/lib/photo-schemas";
import { currentDataVersions, inTransaction, VersionedCache, type DataVersions } from "~/services/data-versions.server";
import { ownerColumns, type PhotoRecord, type RatingJson } from "./json.server";

export const PAGE_SIZE = 24;

/** Which photos a list holds: all the viewer may see, or one member's. */
export type PhotoScope = { viewer: ViewerRef; userId?: number };

/** The versions to read the caches at; null inside a transaction (which may hold its own changes). */
export async function photoVersions(): Promise<DataVersions | null> {
  return inTransaction() ? null : currentDataVersions();
}

// Bounded: a page of ids is 24 numbers, a row a photo's columns (its EXIF too).
const counts = new VersionedCache<number>("photos", 1_000);
const pagesOfIds = new VersionedCache<number[]>("photos", 5_000);
const places = new VersionedCache<number | null>("photos", 5_000);
const records = new VersionedCache<PhotoRecord>("photos", 5_000);

/** What a list holds for this viewer: visitors see fewer photos, and see them newest first. */
function scopeKey(scope: PhotoScope): string {
  return `${canSeePhotoDetails(scope.viewer) ? "member" : "visitor"}:${scope.userId ?? "all"}`;
}

function listKey(spec: ListSpec): string {
  if (!canSeePhotoDetails(spec.viewer)) return `${scopeKey(spec)}:createdAt`;
  return `${scopeKey(spec)}:${spec.sort}${spec.sort === "myRating" ? `:${spec.viewer.id}` : ""}`;
}

/** `read`, or what it gave at these versions under this key. */
async function kept<V>(cache: VersionedCache<V>, at: DataVersions | null, key: string, read: () => Promise<V>) {
  const known = at ? cache.get(at, key) : undefined;
  if (known !== undefined) return known;
  const value = await read();
  if (at) cache.set(at, key, value);
  return value;
}

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

export async function countPhotos(scope: PhotoScope, at: DataVersions | null = null): Promise<number> {
  return kept(counts, at, scopeKey(scope), async () => {
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
export async function photoIdsAt(
  spec: ListSpec,
  total: number,
  offset: number,
  limit: number,
  at: DataVersions | null = null,
): Promise<number[]> {
  return kept(pagesOfIds, at, `${listKey(spec)}:${total}:${offset}:${limit}`, () =>
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
// unrated ones stay in the list (as they always have): a member sorting by their
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
export async function placeInList(
  spec: ListSpec,
  photoId: number,
  at: DataVersions | null = null,
): Promise<number | null> {
  return kept(places, at, `${listKey(spec)}:${photoId}`, () => readPlaceInList(spec, photoId));
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

// The home page's random photos, drawn in bulk: one draw reads DRAW_SIZE ids
// from a random point (randomFeaturedIds) and their rows, and serves the next
// visits a window of `wanted` each, in turn, until it is used up; then a new
// draw from a new random point. Each visit still gets photos from a random place
// of the whole index, and visits in a row never repeat one. A draw holding every
// photo the viewer may see (fewer than DRAW_SIZE) is never used up: each visit
// takes a window from a random point of it. Draws are kept at the photos' data
// version (a feature, photo or member change starts over) per kind of viewer,
// since admins, members and visitors may see different members' photos.
const DRAW_SIZE = 240;
type Draw = { ids: number[]; taken: number; whole: boolean };
const draws = new VersionedCache<Draw>("photos", 10);
const drawing = new Map<string, { at: DataVersions; draw: Promise<Draw> }>();

function viewerKind(viewer: ViewerRef): "admin" | "member" | "visitor" {
  return viewer?.isAdmin ? "admin" : viewer ? "member" : "visitor";
}

function newDraw(viewer: ViewerRef, at: DataVersions): Promise<Draw> {
  const kind = viewerKind(viewer);
  const pending = drawing.get(kind);
  if (pending && pending.at.database === at.database && pending.at.photos === at.photos) return pending.draw;
  const draw = (async () => {
    const ids = await randomFeaturedIds(viewer, DRAW_SIZE);
    // Their rows now, in one query, rather than a query per visit.
    await loadPhotoRecords(ids, { withRatings: canSeePhotoDetails(viewer) }, at);
    const made = { ids, taken: 0, whole: ids.length < DRAW_SIZE };
    draws.set(at, kind, made);
    return made;
  })().finally(() => {
    if (drawing.get(kind)?.draw === draw) drawing.delete(kind);
  });
  drawing.set(kind, { at, draw });
  return draw;
}

/** Up to `wanted` random featured photos the viewer may see, from the draw kept at `at`. */
export async function drawnFeaturedIds(viewer: ViewerRef, wanted: number, at: DataVersions | null): Promise<number[]> {
  if (!at || wanted * 2 > DRAW_SIZE) return randomFeaturedIds(viewer, wanted);
  // Other visits may use up a fresh draw first; after a few tries, a draw of one's own.
  for (let tries = 0; tries < 3; tries++) {
    const draw = draws.get(at, viewerKind(viewer)) ?? (await newDraw(viewer, at));
    if (draw.whole) {
      const start = Math.floor(Math.random() * draw.ids.length);
      return [...draw.ids.slice(start), ...draw.ids.slice(0, start)].slice(0, wanted);
    }
    if (draw.taken + wanted <= draw.ids.length) {
      draw.taken += wanted;
      return draw.ids.slice(draw.taken - wanted, draw.taken);
    }
    if (draws.get(at, viewerKind(viewer)) === draw) await newDraw(viewer, at);
  }
  return randomFeaturedIds(viewer, wanted);
}

/** The rows the JSON of these photos is made from, in the order of `ids`. */
export async function loadPhotoRecords(
  ids: number[],
  options: { withRatings: boolean },
  at: DataVersions | null = null,
): Promise<PhotoRecord[]> {
  const keyOf = (id: number) => `${options.withRatings ? "rated" : "plain"}:${id}`;
  const known = new Map<number, PhotoRecord>();
  if (at) {
    for (const id of ids) {
      const record = records.get(at, keyOf(id));
      if (record) known.set(id, record);
    }
  }
  const missing = ids.filter((id) => !known.has(id));
  for (const record of await readPhotoRecords(missing, options)) {
    known.set(record.photo.id, record);
    if (at) records.set(at, keyOf(record.photo.id), record);
  }
  return ids.flatMap((id) => known.get(id) ?? []);
}

async function readPhotoRecords(ids: number[], options: { withRatings: boolean }): Promise<PhotoRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({
      photo: photos,
      owner: ownerColumns(users),
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
