// The photo and comment as the API, the screens and the live sockets carry them
// (the field names of docs/product.md): the wire shapes every side shares. They live in
// lib/ so a component, a socket message or an event names them without importing
// a service; the services that build them (photos/json.server.ts,
// ratings/comment-json.server.ts) import them from here.
import type { PhotoMetadata } from "@db/schema";
import type { CommentCrop } from "~/lib/comment-schemas";

export type PhotoOwnerJson = { id: number; firstName: string; lastName: string; username: string };

export type FeatureJson = { year: number; position: number };
export type RatingJson = { UserId: number; value: number };

export type PhotoJson = {
  id: number;
  caption: string | null;
  description: string | null;
  /** The owner's private notes; the key is absent for everybody else. */
  notes?: string | null;
  license: string;
  acquireLicensePage: string | null;
  filename: string;
  /** null for visitors, who see thumbnails only. */
  largeUrl: string | null;
  thumbUrl: string | null;
  /** The original's upright size in pixels (null for a photo stored before it was kept): grids reserve each photo's space from it. */
  width: number | null;
  height: number | null;
  createdAt: string;
  /** null (with User) while the photo's anonymous meeting hides its author from this viewer. */
  UserId: number | null;
  User: PhotoOwnerJson | null;
  Feature: FeatureJson | null;
  // Members only (absent for visitors):
  takenAt?: string | null;
  /** Average of the ratings other than the owner's own, or null when nobody else rated it. */
  rating?: number | null;
  /** How many ratings that average is of (the owner's own left out). */
  ratingCount?: number;
  /** Who rated it; until an anonymous meeting's reveal, only the viewer's own rating. */
  Ratings?: RatingJson[];
  /** The photo's comments, oldest first: filled for one photo (GET /api/photos/{id}, the detail), empty in lists. */
  Comments?: CommentJson[];
  metadata?: { exif: NonNullable<PhotoMetadata["exif"]> };
  MeetingSubmission?: { Meeting: { startsAt: string } } | null;
};

/** The comment's author. */
export type CommentAuthorJson = PhotoOwnerJson & { pictureThumbUrl: string | null };

/** The photo a comment is on, as the comments list shows it (its thumbnail links to it). */
export type CommentPhotoJson = {
  id: number;
  caption: string | null;
  thumbUrl: string | null;
  /** null (with User) while the photo's anonymous meeting hides its author from this viewer. */
  UserId: number | null;
  User: PhotoOwnerJson | null;
};

export type CommentJson = {
  id: number;
  body: string;
  PhotoId: number;
  /** null (with User) for the photo owner's own comment while their anonymous meeting hides them: 'the author'. */
  UserId: number | null;
  User: CommentAuthorJson | null;
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
