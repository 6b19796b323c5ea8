// Every permission rule of the club, written once. Services ask these
// questions; routes never decide who may see or change what. Each rule has a
// boolean form (for one row in hand) and, where lists need it, an SQL form
// (for a WHERE clause), kept side by side so the two cannot drift apart.
//
// Who is who (docs/product.md, Permissions): a visitor is `null`; a member is a logged-in,
// active member (the session never yields a deactivated one); an admin is a
// member with isAdmin; an owner is the member a photo or comment belongs to.
import { and, eq, exists, isNull, not, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "@db/client.server";
import { features, meetings, photos, users, type UserRow } from "@db/schema";
import { COMMENDED_PLACES } from "~/lib/competition-results";
import { authorHiddenSql } from "./access-anonymity.server";
import type { Member } from "~/lib/member";
import { ForbiddenError, NotLoggedInError } from "./errors.server";

/** Who is looking: the logged-in member, or null for a visitor. */
export type Viewer = Member | null;

/** The least of a viewer the rules read; services that only pass a viewer through accept this. */
export type ViewerRef = { id: number; isAdmin?: boolean } | null;

export function isAdmin(viewer: ViewerRef): boolean {
  return !!viewer?.isAdmin;
}

export function isOwner(viewer: ViewerRef, thing: { userId: number }): boolean {
  return !!viewer && viewer.id === thing.userId;
}

/** A visitor is asked to log in (401). */
export function requireLoggedIn<V extends ViewerRef>(viewer: V): asserts viewer is NonNullable<V> {
  if (!viewer) throw new NotLoggedInError();
}

/** Admins only: a visitor is asked to log in (401), a member is refused (403). */
export function requireAdmin<V extends ViewerRef>(viewer: V): asserts viewer is NonNullable<V> {
  requireLoggedIn(viewer);
  if (!viewer.isAdmin) throw new ForbiddenError("Only admins may do that.");
}

/** The owner only: a visitor is asked to log in (401), anyone else is refused (403). */
export function requireOwner(viewer: ViewerRef, thing: { userId: number }, message: string): asserts viewer is Member {
  requireLoggedIn(viewer);
  if (viewer.id !== thing.userId) throw new ForbiddenError(message);
}

// Members ---------------------------------------------------------------------

type MemberVisibility = Pick<UserRow, "isPublic" | "deactivatedAt">;

/**
 * Visitors see active members who chose to be public; members see every active
 * member; admins see everyone, deactivated members included,
 * so they can manage them.
 */
export function canSeeMember(viewer: ViewerRef, member: MemberVisibility): boolean {
  if (viewer?.isAdmin) return true;
  if (viewer) return !member.deactivatedAt;
  return member.isPublic && !member.deactivatedAt;
}

/** The rows of `table` that meet `where`, as a query of a constant (for exists()). */
function rowsOf(table: PgTable, where: SQL | undefined) {
  return db()
    .select({ one: sql`1` })
    .from(table)
    .where(where);
}

/** Whether any row of `table` meets `where`: the "may see this one" checks below. */
async function anyRowOf(table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await rowsOf(table, where).limit(1);
  return !!row;
}

/** canSeeMember as a condition on `users`; undefined when the viewer sees every member. */
export function membersVisibleTo(viewer: ViewerRef): SQL | undefined {
  if (viewer?.isAdmin) return undefined;
  if (viewer) return isNull(users.deactivatedAt);
  return and(eq(users.isPublic, true), isNull(users.deactivatedAt));
}

/** Whether visitors may see this member (and so their featured photos). */
export async function memberVisibleToVisitors(userId: number): Promise<boolean> {
  return anyRowOf(users, and(eq(users.id, userId), membersVisibleTo(null)));
}

/** A member's contact details (email, phone) and account fields: the member themself and admins. */
export function canSeeAccountOf(viewer: ViewerRef, member: { id: number }): boolean {
  return !!viewer && (viewer.isAdmin || viewer.id === member.id);
}

/** A profile may be edited by its member and by admins. */
export function mayEditProfile(viewer: ViewerRef, member: { id: number }): boolean {
  return canSeeAccountOf(viewer, member);
}

// Photos ----------------------------------------------------------------------

/** A photo a visitor may see: featured, by a member visitors may see. */
export function photoVisibleToVisitors(): SQL {
  return and(
    exists(rowsOf(features, eq(features.photoId, photos.id))),
    exists(rowsOf(users, and(eq(users.id, photos.userId), membersVisibleTo(null)))),
  )!;
}

/** Which photos the viewer may see, as a condition on `photos`; undefined for members (every photo). */
export function photosVisibleTo(viewer: ViewerRef): SQL | undefined {
  return viewer ? undefined : photoVisibleToVisitors();
}

/** Whether the viewer may see this photo (members: any photo that exists). */
export async function canSeePhoto(viewer: ViewerRef, photoId: number): Promise<boolean> {
  return anyRowOf(photos, and(eq(photos.id, photoId), photosVisibleTo(viewer)));
}

/** Ratings, comments, taken dates and EXIF details are for members only. */
export function canSeePhotoDetails(viewer: ViewerRef): viewer is NonNullable<ViewerRef> {
  return !!viewer;
}

// Anonymous review: the rule is in access-anonymity.server.ts, asked through this module.
export * from "./access-anonymity.server";

/** The photos a list may show the viewer: those they may see whose author is not hidden from them. */
export function photosListedTo(viewer: ViewerRef): SQL {
  return and(photosVisibleTo(viewer), not(authorHiddenSql(viewer, photos.id)))!;
}

// The winners gallery ---------------------------------------------------------

/**
 * Whether an entry is awarded, from its admin's chosen award (1st to HC; 'none' is none), its score and its
 * place in its category (one more than the entries scored above it): else its place's award, which the
 * first 3 + COMMENDED_PLACES places have (lib/competition-results.ts, rankCategory).
 */
export function awardedSql(chosen: SQLWrapper, score: SQLWrapper, place: SQLWrapper): SQL {
  return sql`(${chosen} in ('1st', '2nd', '3rd', 'HC')
    or (${chosen} is null and ${score} is not null and ${place} <= ${3 + COMMENDED_PLACES}))`;
}

/** An entry awarded in a competition whose results are published, as a condition on a photo's id. */
export function awardedEntrySql(photoId: SQLWrapper): SQL {
  const place = sql`(1 + (select count(*) from meeting_submissions rival
    join competition_scores rival_score on rival_score.photo_id = rival.photo_id
      and rival_score.meeting_id = rival.meeting_id
    where rival.category_id = entry.category_id and rival_score.score > judged.score))`;
  return sql`exists (select 1 from meeting_submissions entry
    join meetings competition on competition.id = entry.meeting_id
      and competition.kind = 'competition' and competition.results_published_at is not null
    join competition_scores judged on judged.photo_id = entry.photo_id and judged.meeting_id = entry.meeting_id
    where entry.photo_id = ${photoId} and entry.category_id is not null
      and ${awardedSql(sql`judged.award`, sql`judged.score`, place)})`;
}

/** A photo the winners gallery shows (to anyone, while it is on): awarded, by a member visitors may see. */
export function winnerShownSql(): SQL {
  return and(
    awardedEntrySql(photos.id),
    exists(rowsOf(users, and(eq(users.id, photos.userId), membersVisibleTo(null)))),
  )!;
}

/**
 * Whether a visitor may see a photo's thumbnail: a public member's featured photo, or, only while the
 * winners gallery is on, a public member's photo awarded in a published competition.
 */
export function visitorMaySeeImage(photo: { featuredPublic: boolean; publicWinner: boolean }, galleryOn: boolean) {
  return photo.featuredPublic || (galleryOn && photo.publicWinner);
}

// Galleries -------------------------------------------------------------------

/** A member's whole gallery ('All': every photo, in any sort) is for members; visitors see featured years. */
export function canSeeWholeGallery(viewer: ViewerRef): viewer is NonNullable<ViewerRef> {
  return !!viewer;
}

/** The newest year of a gallery's year pager: this year for members, last year for visitors. */
export function newestGalleryYear(viewer: ViewerRef, now = new Date()): number {
  return now.getFullYear() - (canSeeWholeGallery(viewer) ? 0 : 1);
}

// Meetings --------------------------------------------------------------------

/** Meetings are for members: everything under /meetings needs a log-in. */
export function canSeeMeetings(viewer: ViewerRef): viewer is NonNullable<ViewerRef> {
  return !!viewer;
}

/** Whether the viewer may see this meeting (members: any meeting that exists), and so join its review room. */
export async function canSeeMeeting(viewer: ViewerRef, meetingId: number): Promise<boolean> {
  if (!canSeeMeetings(viewer)) return false;
  return anyRowOf(meetings, eq(meetings.id, meetingId));
}

/** Who may lead a meeting's review on their own: an admin. Others lead only when handed the lead. */
export function mayLeadReview(viewer: ViewerRef): boolean {
  return isAdmin(viewer);
}

/**
 * Whether the viewer may take a review's lead now: an admin from anyone; a
 * member handed the lead only while nobody else leads. Read when they ask, with
 * the member as the club knows them then (a demoted admin is no longer one).
 */
export function mayTakeReviewLead(
  viewer: ViewerRef,
  { handed, someoneElseLeads }: { handed: boolean; someoneElseLeads: boolean },
): boolean {
  return mayLeadReview(viewer) || (!!viewer && handed && !someoneElseLeads);
}

/** The lead is handed on by an admin or by the leader. */
export function mayHandReviewLead(viewer: ViewerRef, { leads }: { leads: boolean }): boolean {
  return mayLeadReview(viewer) || (!!viewer && leads);
}

/** Revealing the names of an anonymous meeting is the host's: admins only. */
export function mayRevealNames(viewer: ViewerRef): boolean {
  return isAdmin(viewer);
}

/** A meeting open to everyone has no list; otherwise the member must be on it. */
export function maySubmitToMeeting(member: { id: number }, meeting: { allowedUserIds: number[] | null }): boolean {
  return meeting.allowedUserIds === null || meeting.allowedUserIds.includes(member.id);
}

/** maySubmitToMeeting as a condition: the member (`userId`) is on the list (`allowedUserIds`), or there is none. */
export function maySubmitToMeetingSql(allowedUserIds: SQLWrapper, userId: SQLWrapper): SQL {
  return sql`(${allowedUserIds} is null or ${userId} = any(${allowedUserIds}))`;
}

/** Meetings and recurring meetings are created, changed and deleted by admins. */
export function mayManageMeetings(viewer: ViewerRef): boolean {
  return isAdmin(viewer);
}

/**
 * A competition's night: only the host who may see the results before they are published (an
 * admin) shows an entry's comments or result on the room's screens, and only once the judge has
 * scored every entry (its awards are then settled) or the results are published.
 */
export function mayShowEntryResults(
  viewer: ViewerRef,
  results: { published: boolean; scored: number; total: number },
): boolean {
  return isAdmin(viewer) && (results.published || (results.total > 0 && results.scored === results.total));
}

/** A submission is reordered or withdrawn by its author only (and only while its meeting is upcoming). */
export function mayChangeSubmission(viewer: ViewerRef, submission: { userId: number }): boolean {
  return isOwner(viewer, submission);
}

// Comments --------------------------------------------------------------------

/** A comment is edited by its author only. */
export function mayEditComment(viewer: ViewerRef, comment: { userId: number }): boolean {
  return isOwner(viewer, comment);
}

/** A comment is deleted by its author, or by an admin (moderation). */
export function mayDeleteComment(viewer: ViewerRef, comment: { userId: number }): boolean {
  return isOwner(viewer, comment) || isAdmin(viewer);
}
