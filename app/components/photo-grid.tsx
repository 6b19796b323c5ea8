import { preload } from "react-dom";
import { Link } from "react-router";
import { ANONYMOUS_AUTHOR } from "~/lib/meetings";
import { gridImageAttributes, gridImagePreload } from "~/lib/photo-images";
import { masonryStyles, photoBoxStyle } from "~/lib/photo-masonry";
import type { PhotoJson } from "~/lib/club-json";
import { photoLabel } from "~/lib/photo-label";
import "./photos.css";
import "./photo-page.css";
import "./photo-card.css";

export type GridPhoto = Pick<PhotoJson, "id" | "caption" | "thumbUrl" | "width" | "height" | "User">;

/** What a photo is called when it has no caption: whose it is. */
export { photoLabel };

/**
 * One thumbnail linking to its detail, whole, in a box of the photo's own shape
 * (reserved before it loads, never wider than the original); with `showText`,
 * the caption and the owner's name under it. The grids' one `<img>`. The
 * detail's code and data are fetched when a pointer or the focus reaches the link.
 */
export function PhotoCard({
  photo,
  href,
  showText,
  index,
}: {
  photo: GridPhoto;
  href: string;
  showText?: boolean;
  /** The card's place in its grid: the first row's are fetched at once, the rest when scrolled near. */
  index?: number;
}) {
  const firstRow = photo.thumbUrl ? gridImagePreload({ thumbUrl: photo.thumbUrl, width: photo.width }, index) : null;
  if (firstRow) preload(firstRow.href, firstRow.options);
  return (
    <>
      <Link
        className="photo-card-image"
        style={photoBoxStyle(photo)}
        aria-label={showText ? undefined : photoLabel(photo)}
        to={href}
        prefetch="intent"
      >
        {photo.thumbUrl ? (
          <img
            {...gridImageAttributes({ thumbUrl: photo.thumbUrl, width: photo.width }, index)}
            alt={showText ? photoLabel(photo) : ""}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
          />
        ) : null}
      </Link>
      {showText ? (
        <div className="photo-card-text">
          {/* No caption, no line: a page of 'Untitled' said nothing; the author's name follows. */}
          {photo.caption ? <p className="photo-card-caption">{photo.caption}</p> : null}
          <p className="photo-card-owner">
            {photo.User ? (
              <Link to={`/members/${encodeURIComponent(photo.User.username)}`}>
                {photo.User.firstName} {photo.User.lastName}
              </Link>
            ) : (
              ANONYMOUS_AUTHOR
            )}
          </p>
        </div>
      ) : null}
    </>
  );
}

/**
 * The list of a photo grid, laid out as a masonry (app/lib/photo-masonry.ts):
 * 1, 2, 3 or 4 columns by screen width, each photo whole, no blank space
 * between cards, reading order row by row. `cards` are the `<li>`s, in order,
 * each given its `style` from `cardStyle(index)`.
 */
export function MasonryList({
  photos,
  showText,
  label,
  children,
}: {
  photos: GridPhoto[];
  showText?: boolean;
  label: string;
  children: (cardStyle: (index: number) => React.CSSProperties) => React.ReactNode;
}) {
  const { list, cards } = masonryStyles(photos, Boolean(showText));
  return (
    // The frame is the size container the cards' columns are measured from (--col in photos.css).
    <div className="photo-grid-frame">
      <ul className={showText ? "photo-grid with-text" : "photo-grid"} style={list} aria-label={label}>
        {children((index) => cards[index] ?? {})}
      </ul>
    </div>
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
    <MasonryList photos={photos} showText={showText} label={label}>
      {(cardStyle) =>
        photos.map((photo, index) => (
          <li key={photo.id} className="photo-card" style={cardStyle(index)}>
            <PhotoCard photo={photo} href={hrefFor(photo)} showText={showText} index={index} />
          </li>
        ))
      }
    </MasonryList>
  );
}
