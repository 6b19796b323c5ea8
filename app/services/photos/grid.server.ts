// What a page's grid of photos shows (components/photo-grid.tsx: the thumbnail,
// its size, the caption and the owner's name; the link needs the feature's year
// on the home page). A page's loader sends only this: React Router encodes every
// field it is given into the page, and a member's photo JSON (EXIF, ratings)
// is many times the size of what the grid draws.
import type { PhotoJson } from "~/lib/club-json";

export type GridPhotoJson = Pick<PhotoJson, "id" | "caption" | "thumbUrl" | "width" | "height" | "User" | "Feature">;

export function toGridPhoto(photo: PhotoJson): GridPhotoJson {
  const { id, caption, thumbUrl, width, height, User, Feature } = photo;
  return { id, caption, thumbUrl, width, height, User, Feature };
}
