// A comment as the API and the screens see it (spec section 3 field names):
// {id, body, PhotoId, UserId, User, createdAt, updatedAt, Photo}, and beyond the
// spec `crop` (the region it is about, or null) with `cropUrl`, its picture
// (issue 13 item 6). The body is plain text, answered as JSON and never as HTML.
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@db/client.server";
import { comments, photos, users } from "@db/schema";
import type { CommentCrop } from "~/lib/comment-schemas";
import { pictureFields } from "~/services/members/pictures.server";
import { ownerColumns, photoMediaUrl, type PhotoOwnerJson } from "~/services/photos/json.server";

/** The comment's author. */
export type CommentAuthorJson = PhotoOwnerJson & { pictureThumbUrl: string | null };

/** The photo a comment is on, as the comments list shows it (its thumbnail links to it). */
export type CommentPhotoJson = {
  id: number;
  caption: string | null;
  thumbUrl: string | null;
  UserId: number;
  User: PhotoOwnerJson;
};

export type CommentJson = {
  id: number;
  body: string;
  PhotoId: number;
  UserId: number;
  User: CommentAuthorJson;
  createdAt: string;
  /** Later than createdAt once the author has edited the comment ('(edited ...)'). */
  updatedAt: string;
  /** The region of the photo the comment is about (image fractions), or null for the whole photo. */
  crop: CommentCrop | null;
  /** That region's small picture (/media/comments/{id}/crop), or null when there is no crop. */
  cropUrl: string | null;
  /** In the comments list and in answers to writes; left out of the photo's own Comments. */
  Photo?: CommentPhotoJson;
};

const author = alias(users, "comment_author");
const photoOwner = alias(users, "photo_owner");

function selectComments(where: SQL) {
  return db()
    .select({
      comment: comments,
      author: { ...ownerColumns(author), pictureAssetId: author.pictureAssetId },
      photo: { id: photos.id, caption: photos.caption, thumbKey: photos.thumbKey, userId: photos.userId },
      owner: ownerColumns(photoOwner),
    })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.userId))
    .innerJoin(photos, eq(photos.id, comments.photoId))
    .innerJoin(photoOwner, eq(photoOwner.id, photos.userId))
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

function toCommentJson(record: CommentRecord, options: { withPhoto: boolean }): CommentJson {
  const { comment, author, photo, owner } = record;
  const json: CommentJson = {
    id: comment.id,
    body: comment.body,
    PhotoId: comment.photoId,
    UserId: comment.userId,
    User: {
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
      UserId: photo.userId,
      User: owner,
    };
  }
  return json;
}

/** These comments with their authors and photos, in the order of `ids` (ids that name nothing are skipped). */
export async function commentsJson(ids: number[]): Promise<CommentJson[]> {
  if (ids.length === 0) return [];
  const records = await selectComments(inArray(comments.id, ids));
  const byId = new Map(records.map((record) => [record.comment.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toCommentJson(record, { withPhoto: true })] : [];
  });
}

/** A photo's comments, oldest first, without the photo (they sit inside it). */
export async function photoCommentsJson(photoId: number): Promise<CommentJson[]> {
  const records = await selectComments(eq(comments.photoId, photoId)).orderBy(
    asc(comments.createdAt),
    asc(comments.id),
  );
  return records.map((record) => toCommentJson(record, { withPhoto: false }));
}
