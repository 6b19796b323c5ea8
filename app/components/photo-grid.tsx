import { Link } from "react-router";
import type { PhotoJson } from "~/services/photos/json.server";
import "./photos.css";

export type GridPhoto = Pick<PhotoJson, "id" | "caption" | "thumbUrl" | "User">;

/** What a photo is called when it has no caption: whose it is. */
export function photoLabel(photo: GridPhoto): string {
  return photo.caption || `Photo by ${photo.User.firstName} ${photo.User.lastName}`;
}

/** One thumbnail linking to its detail; with `showText`, the caption and the owner's name under it. */
export function PhotoCard({ photo, href, showText }: { photo: GridPhoto; href: string; showText?: boolean }) {
  return (
    <>
      <Link to={href} className="photo-card-image" aria-label={showText ? undefined : photoLabel(photo)}>
        {photo.thumbUrl ? <img src={photo.thumbUrl} alt={showText ? photoLabel(photo) : ""} loading="lazy" /> : null}
      </Link>
      {showText ? (
        <div className="photo-card-text">
          <p className="photo-card-caption">{photo.caption || "Untitled"}</p>
          <p className="photo-card-owner">
            {photo.User.firstName} {photo.User.lastName}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** A grid of thumbnails: 1, 2, 3 or 4 columns by screen width; 'No photos yet.' when empty. */
export function PhotoGrid<T extends GridPhoto>({
  photos,
  hrefFor,
  showText,
  label,
}: {
  photos: T[];
  hrefFor: (photo: T) => string;
  showText?: boolean;
  label: string;
}) {
  if (photos.length === 0) return <p className="muted">No photos yet.</p>;
  return (
    <ul className="photo-grid" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.id} className="photo-card">
          <PhotoCard photo={photo} href={hrefFor(photo)} showText={showText} />
        </li>
      ))}
    </ul>
  );
}
