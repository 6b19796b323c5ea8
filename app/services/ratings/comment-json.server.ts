// A comment as the API and the screens see it (the field names of docs/product.md):
// {id, body, PhotoId, UserId, User, createdAt, updatedAt, Photo}, and beyond the
// contract `crop` (the region it is about, or null) with `cropUrl`, its picture.
// The body is plain text, answered as JSON and never as HTML.
// While a photo's anonymous meeting hides its author from the viewer
// (access.server: authorHiddenFrom), its owner's comments on it have no author
// (UserId and User null: 'the author' on screen) and its Photo no owner.
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@db/client.server";
import { comments, meetings, meetingSubmissions, photos, users } from "@db/schema";
import type { CommentCrop } from "~/lib/comment-schemas";
import type { CommentJson } from "~/lib/club-json";
import { authorHiddenFrom, photoAnonymity, withdrawnUnrevealedSql, type ViewerRef } from "~/services/access.server";
import { pictureFields } from "~/services/members/picture-fields.server";
import { ownerColumns, photoMediaUrl } from "~/services/photos/json.server";

export type { CommentAuthorJson, CommentJson, CommentPhotoJson } from "~/lib/club-json";

const author = alias(users, "comment_author");
const photoOwner = alias(users, "photo_owner");

function selectComments(where: SQL) {
  return db()
    .select({
      comment: comments,
      author: { ...ownerColumns(author), pictureAssetId: author.pictureAssetId },
      photo: { id: photos.id, caption: photos.caption, thumbKey: photos.thumbKey, userId: photos.userId },
      owner: ownerColumns(photoOwner),
      meeting: { anonymous: meetings.anonymous, revealedAt: meetings.revealedAt },
      withdrawnUnrevealed: withdrawnUnrevealedSql(photos.id),
    })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.userId))
    .innerJoin(photos, eq(photos.id, comments.photoId))
    .innerJoin(photoOwner, eq(photoOwner.id, photos.userId))
    .leftJoin(meetingSubmissions, eq(meetingSubmissions.photoId, photos.id))
    .leftJoin(meetings, eq(meetings.id, meetingSubmissions.meetingId))
    .where(where);
}

type CommentRecord = Awaited<ReturnType<typeof selectComments>>[number];

/** The address of a comment's crop picture (app/routes/media/comment-crops.ts). */
export const commentCropUrl = (commentId: number) => `/media/comments/${commentId}/crop`;

/** The stored crop columns as a crop, or null when the comment has none. */
export function cropOf(comment: {
  cropX: number | null;
  cropY: number | null;
  cropWidth: number | null;
  cropHeight: number | null;
}): CommentCrop | null {
  const { cropX: x, cropY: y, cropWidth: width, cropHeight: height } = comment;
  // The table's check keeps the four together; one null is none.
  if (x === null || y === null || width === null || height === null) return null;
  return { x, y, width, height };
}

function toCommentJson(record: CommentRecord, viewer: ViewerRef, options: { withPhoto: boolean }): CommentJson {
  const { comment, author, photo, owner } = record;
  const meeting = photoAnonymity(
    record.meeting?.anonymous == null
      ? null
      : { anonymous: record.meeting.anonymous, revealedAt: record.meeting.revealedAt ?? null },
    record.withdrawnUnrevealed,
  );
  const ownerHidden = authorHiddenFrom(viewer, photo, meeting);
  const byHiddenOwner = ownerHidden && comment.userId === photo.userId;
  const json: CommentJson = {
    id: comment.id,
    body: comment.body,
    PhotoId: comment.photoId,
    UserId: byHiddenOwner ? null : comment.userId,
    User: byHiddenOwner
      ? null
      : {
          id: author.id,
          firstName: author.firstName,
          lastName: author.lastName,
          username: author.username,
          pictureThumbUrl: pictureFields(author.pictureAssetId).pictureThumbUrl,
        },
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    crop: cropOf(comment),
    cropUrl: cropOf(comment) ? commentCropUrl(comment.id) : null,
  };
  if (options.withPhoto) {
    json.Photo = {
      id: photo.id,
      caption: photo.caption,
      thumbUrl: photo.thumbKey ? photoMediaUrl(photo.id, "thumb", photo.thumbKey) : null,
      UserId: ownerHidden ? null : photo.userId,
      User: ownerHidden ? null : owner,
    };
  }
  return json;
}

/** These comments with their authors and photos as the viewer may see them, in the order of `ids` (ids that name nothing are skipped). */
export async function commentsJson(viewer: ViewerRef, ids: number[]): Promise<CommentJson[]> {
  if (ids.length === 0) return [];
  const records = await selectComments(inArray(comments.id, ids));
  const byId = new Map(records.map((record) => [record.comment.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toCommentJson(record, viewer, { withPhoto: true })] : [];
  });
}

/** A photo's comments as the viewer may see them, oldest first, without the photo (they sit inside it). */
export async function photoCommentsJson(viewer: ViewerRef, photoId: number): Promise<CommentJson[]> {
  const records = await selectComments(eq(comments.photoId, photoId)).orderBy(
    asc(comments.createdAt),
    asc(comments.id),
  );
  return records.map((record) => toCommentJson(record, viewer, { withPhoto: false }));
}
