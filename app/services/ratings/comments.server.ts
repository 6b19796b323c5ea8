// Comments on photos: members read every comment,
// write their own, edit their own and delete their own; admins may delete any
// (moderation). Visitors see none. Each write is told to whoever listens
// (events.server.ts) once it is committed, and a new comment on someone
// else's photo e-mails its owner (comment-notifications.server.ts).
import { eq, sql } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { comments, photos, users } from "@db/schema";
import type { CommentEdit, NewComment } from "~/lib/comment-schemas";
import {
  canSeePhoto,
  canSeePhotoDetails,
  mayDeleteComment,
  mayEditComment,
  requireLoggedIn,
  type ViewerRef,
} from "~/services/access.server";
import { ForbiddenError, NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { publish, type ClubEvents } from "~/services/events.server";
import { PAGE_SIZE } from "~/services/photos/queries.server";
import { commentIdsAt, countComments } from "./comment-feed.server";
import { commentsJson, photoCommentsJson, type CommentJson } from "./comment-json.server";
import { holdCommentNotification, sendCommentNotificationSoon } from "./comment-notifications.server";

export type { CommentJson };

export type CommentPage = { comments: CommentJson[]; page: number; pageCount: number; total: number; pageSize: number };

const commentNotFound = () => new NotFoundError("Comment not found.");
const photoNotFound = () => new NotFoundError("Photo not found.");

function requireCommentReader(viewer: ViewerRef): asserts viewer is NonNullable<ViewerRef> {
  // Comments are photo details, for members only.
  if (!canSeePhotoDetails(viewer)) throw new NotLoggedInError();
}

/**
 * One page of every comment, newest first, each with its author and photo.
 * Members see every photo, so every comment but those on a photo whose
 * anonymous meeting hides its author from them (comment-feed.server.ts).
 */
export async function listComments(viewer: ViewerRef, query: { page: number }): Promise<CommentPage> {
  requireCommentReader(viewer);
  const total = await countComments(viewer);
  const ids = await commentIdsAt(viewer, total, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    comments: await commentsJson(viewer, ids),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    pageSize: PAGE_SIZE,
  };
}

/** A photo's comments, oldest first, for the photo's JSON (`Comments`); members only. */
export async function commentsOfPhoto(viewer: ViewerRef, photoId: number): Promise<CommentJson[]> {
  requireCommentReader(viewer);
  return photoCommentsJson(viewer, photoId);
}

export async function createComment(member: ViewerRef, input: NewComment): Promise<CommentJson> {
  requireLoggedIn(member);
  if (!(await canSeePhoto(member, input.PhotoId))) throw photoNotFound();
  const { commentId, ownerIsTold } = await transaction(async () => {
    // KEY SHARE keeps the photo from being deleted under the new comment, and
    // lets ratings (which lock the row for their refresh) go on meanwhile.
    const [photo] = await db()
      .select({ ownerId: photos.userId, commentEmails: users.commentEmails, deactivatedAt: users.deactivatedAt })
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .where(eq(photos.id, input.PhotoId))
      .for("key share", { of: photos });
    if (!photo) throw photoNotFound();
    const ownerIsTold = photo.ownerId !== member.id && photo.commentEmails && !photo.deactivatedAt;
    // Before the insert: see holdCommentNotification for why the order matters.
    if (ownerIsTold) await holdCommentNotification(input.PhotoId);
    const [row] = await db()
      .insert(comments)
      .values({
        photoId: input.PhotoId,
        userId: member.id,
        body: input.body,
        ...(input.crop
          ? { cropX: input.crop.x, cropY: input.crop.y, cropWidth: input.crop.width, cropHeight: input.crop.height }
          : {}),
      })
      .returning({ id: comments.id });
    return { commentId: row!.id, ownerIsTold };
  });
  const comment = await commentJson(commentId, member);
  publish("comment.created", await roomCopies(commentId));
  if (ownerIsTold) sendCommentNotificationSoon(comment.PhotoId);
  return comment;
}

/** The author changes their comment's body (its crop stays); the same body changes nothing (no '(edited)'). */
export async function editComment(member: ViewerRef, commentId: number, edit: CommentEdit): Promise<CommentJson> {
  requireLoggedIn(member);
  const changed = await transaction(async () => {
    const [comment] = await db().select().from(comments).where(eq(comments.id, commentId)).for("update");
    if (!comment) throw commentNotFound();
    if (!mayEditComment(member, comment)) throw new ForbiddenError("You may only edit your own comments.");
    if (comment.body === edit.body) return false;
    // The database's clock, like createdAt's, so '(edited)' never comes before the comment.
    await db()
      .update(comments)
      .set({ body: edit.body, updatedAt: sql`now()` })
      .where(eq(comments.id, commentId));
    return true;
  });
  const comment = await commentJson(commentId, member);
  if (changed) publish("comment.updated", await roomCopies(commentId));
  return comment;
}

/** The author deletes their comment, or an admin deletes anyone's. */
export async function deleteComment(member: ViewerRef, commentId: number): Promise<void> {
  requireLoggedIn(member);
  const [comment] = await db().select().from(comments).where(eq(comments.id, commentId));
  if (!comment) throw commentNotFound();
  if (!mayDeleteComment(member, comment)) throw new ForbiddenError("You may only delete your own comments.");
  const [deleted] = await db()
    .delete(comments)
    .where(eq(comments.id, commentId))
    .returning({ photoId: comments.photoId });
  if (!deleted) throw commentNotFound();
  publish("comment.deleted", { photoId: deleted.photoId, commentId });
}

/**
 * What a photo's room is told of a comment: the comment as the photo's viewers
 * see it and, while its anonymous meeting hides the photo's owner from them,
 * as the owner sees it (their own windows get that one).
 */
async function roomCopies(commentId: number): Promise<ClubEvents["comment.created"]> {
  // Anyone but the owner sees it as a member who is not them would.
  const comment = await commentJson(commentId, null);
  if (comment.Photo?.UserId !== null) return { photoId: comment.PhotoId, comment };
  const [photo] = await db().select({ userId: photos.userId }).from(photos).where(eq(photos.id, comment.PhotoId));
  if (!photo) return { photoId: comment.PhotoId, comment };
  const owners = await commentJson(commentId, { id: photo.userId });
  return { photoId: comment.PhotoId, comment, ownerSees: { userId: photo.userId, comment: owners } };
}

async function commentJson(commentId: number, viewer: ViewerRef): Promise<CommentJson> {
  const [comment] = await commentsJson(viewer, [commentId]);
  // Deleted between the write and this read.
  if (!comment) throw commentNotFound();
  return comment;
}
