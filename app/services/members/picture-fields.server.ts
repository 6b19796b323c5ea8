// A member's picture as the user JSON names it. Apart from the picture pipeline
// (pictures.server.ts) so that what only shows members, such as the member
// command and comments, does not load sharp, exiftool and the object store.
import { signAssetId } from "~/services/uploads/signed-ids.server";

export type PictureFields = { picture: string | null; pictureUrl: string | null; pictureThumbUrl: string | null };

export function pictureFields(pictureAssetId: number | null): PictureFields {
  if (!pictureAssetId) return { picture: null, pictureUrl: null, pictureThumbUrl: null };
  return {
    picture: signAssetId(pictureAssetId, "picture"),
    pictureUrl: `/media/pictures/${pictureAssetId}/large`,
    pictureThumbUrl: `/media/pictures/${pictureAssetId}/thumb`,
  };
}
