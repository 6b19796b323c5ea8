// A member's gallery (/members/{username}/{year}): its year
// pager, 'All' for members, and where a photo lives in it. Who sees what is
// asked of access.server.
import { and, desc, eq, exists, not } from "drizzle-orm";
import { db } from "@db/client.server";
import { features, users } from "@db/schema";
import {
  authorHiddenFrom,
  authorHiddenSql,
  canSeePhoto,
  canSeeWholeGallery,
  isOwner,
  membersVisibleTo,
  newestGalleryYear,
  type ViewerRef,
} from "~/services/access.server";
import { NotFoundError } from "~/services/errors.server";
import { loadPhotoRecords } from "./photo-records.server";

/** A gallery page: 'all' (every photo, sorted and paged) or one featured year. */
export type GalleryYear = number | "all";

export type GalleryFrame = {
  /** Whether the viewer owns the gallery (the upload button, reordering a year). */
  isOwner: boolean;
  /** Whether the viewer may open 'All'. */
  isMember: boolean;
  /** The year pager, newest first, down to the year the member joined. */
  years: number[];
};

/** What frames a member's gallery for this viewer; 'All' is 404 to a visitor. */
export function galleryFrame(
  viewer: ViewerRef,
  member: { id: number; createdAt: Date | string },
  year: GalleryYear,
  now = new Date(),
): GalleryFrame {
  if (year === "all" && !canSeeWholeGallery(viewer)) throw new NotFoundError();
  const years: number[] = [];
  for (let y = newestGalleryYear(viewer, now); y >= new Date(member.createdAt).getFullYear(); y--) years.push(y);
  return { isOwner: isOwner(viewer, { userId: member.id }), isMember: canSeeWholeGallery(viewer), years };
}

/**
 * Where a member's photo lives in their gallery when it is no longer in the year
 * it was opened in (its owner just moved it to another year or un-featured it):
 * its featured year, else 'all' for those who may see it; null when the viewer
 * may not see it there.
 */
export async function galleryYearOf(viewer: ViewerRef, memberId: number, photoId: number): Promise<GalleryYear | null> {
  if (!(await canSeePhoto(viewer, photoId))) return null;
  const [record] = await loadPhotoRecords([photoId], { withRatings: false });
  if (!record || record.photo.userId !== memberId) return null;
  // In no gallery of the owner's while an anonymous meeting hides them: following it there would say whose it is.
  if (authorHiddenFrom(viewer, record.photo, record.meeting)) return null;
  if (record.feature) return record.feature.year;
  return canSeeWholeGallery(viewer) ? "all" : null;
}

/**
 * The years in which a member has featured photos the viewer may see, newest
 * first: where an empty year's page sends the viewer on. Visitors see a year of
 * a member they may see, the current one too (its photos are on the home page),
 * though the year pager starts at last year for them.
 */
export async function featuredYearsOf(viewer: ViewerRef, memberId: number): Promise<number[]> {
  const visibleMember = db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), membersVisibleTo(viewer)));
  const rows = await db()
    .selectDistinct({ year: features.year })
    .from(features)
    .where(and(eq(features.userId, memberId), exists(visibleMember), not(authorHiddenSql(viewer, features.photoId))))
    .orderBy(desc(features.year));
  return rows.map((row) => row.year);
}
