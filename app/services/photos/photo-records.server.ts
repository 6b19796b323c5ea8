// The rows a photo's JSON is made from (json.server.ts): the photo, its owner,
// feature, meeting and, for members, its ratings, read for many photos in one
// go. Each row is kept in memory under the photos' data version, read once per
// request (requestVersions, data-versions.server.ts; callers never pass
// versions), so a grid's rows are not read again while nothing changed.
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "@db/client.server";
import { features, meetings, meetingSubmissions, photos, ratings, users } from "@db/schema";
import { photoAnonymity, withdrawnUnrevealedSql } from "~/services/access.server";
import { requestVersions, VersionedCache } from "~/services/data-versions.server";
import { ownerColumns, type PhotoRecord, type RatingJson } from "./json.server";

// Bounded: a row is a photo's columns (its EXIF too).
const records = new VersionedCache<PhotoRecord>("photos", 5_000);

/** The rows the JSON of these photos is made from, in the order of `ids`. */
export async function loadPhotoRecords(ids: number[], options: { withRatings: boolean }): Promise<PhotoRecord[]> {
  const at = await requestVersions();
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
      meetingAnonymous: meetings.anonymous,
      meetingRevealedAt: meetings.revealedAt,
      withdrawnUnrevealed: withdrawnUnrevealedSql(photos.id),
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
        meeting: photoAnonymity(
          row.meetingAnonymous === null ? null : { anonymous: row.meetingAnonymous, revealedAt: row.meetingRevealedAt },
          row.withdrawnUnrevealed,
        ),
        ratings: ratingsByPhoto.get(row.photo.id) ?? [],
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
