// What a page's grid of photos shows (components/photo-grid.tsx: the thumbnail,
// its size, the caption and the owner's name); the home page's links also need
// the feature's year. A page's loader sends only this: React Router encodes every
// field it is given into the page, and a member's photo JSON (EXIF, ratings)
// is many times the size of what the grid draws.
import type { PhotoJson } from "~/lib/club-json";

export type GridPhotoJson = Pick<PhotoJson, "id" | "caption" | "thumbUrl" | "width" | "height" | "User">;
export type FeaturedGridPhotoJson = GridPhotoJson & Pick<PhotoJson, "Feature">;

export function toGridPhoto(photo: PhotoJson): GridPhotoJson {
  const { id, caption, thumbUrl, width, height, User } = photo;
  return { id, caption, thumbUrl, width, height, User };
}

/** A featured photo's grid fields and its feature (its link names the year). */
export function toFeaturedGridPhoto(photo: PhotoJson): FeaturedGridPhotoJson {
  return { ...toGridPhoto(photo), Feature: photo.Feature };
}
