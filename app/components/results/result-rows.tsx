import { Link } from "react-router";
import { imageSrcSet } from "~/lib/photo-images";
import type { ResultPhotoJson, ResultRowJson } from "~/lib/results";
import { photoLabel } from "~/lib/photo-label";
import { authorName, formatRating, placeName, plural } from "~/lib/results";

/** '3 ratings · 1 comment': the counts under a photo. */
export function Counts({ ratingCount, commentCount }: { ratingCount: number; commentCount: number }) {
  return (
    <span className="result-counts">
      {plural(ratingCount, "rating", "ratings")} · {plural(commentCount, "comment", "comments")}
    </span>
  );
}

/** The average as a large figure, or 'Not rated'. */
export function RatingFigure({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="result-rating unrated">Not rated</span>;
  return (
    <span className="result-rating">
      <span aria-hidden="true">★ </span>
      {formatRating(rating)}
      <span className="visually-hidden"> out of 5</span>
    </span>
  );
}

/** A row's photo by its caption, else whose it is ('Photo' while the author is withheld). */
const labelOf = (row: ResultRowJson) => photoLabel({ caption: row.Photo.caption, User: row.User });

function Author({ row }: { row: ResultRowJson }) {
  if (!row.User) return <span className="result-author anonymous">Anonymous</span>;
  return (
    <Link className="result-author" to={`/members/${encodeURIComponent(row.User.username)}`}>
      {authorName(row.User)}
    </Link>
  );
}

/**
 * A photo's thumbnail, linked to it in its meeting; `sizes` is the width it is
 * shown at. In its own shape when `whole`, else cropped to the list's 4:3 box.
 */
export function Thumb({
  photo,
  label,
  meetingId,
  sizes,
  whole = false,
}: {
  photo: ResultPhotoJson;
  /** What the photo is called (photoLabel): the image's alt. */
  label: string;
  meetingId: number;
  sizes: string;
  whole?: boolean;
}) {
  const ratio = whole && photo.width && photo.height ? `${photo.width} / ${photo.height}` : undefined;
  return (
    <Link to={`/meetings/${meetingId}/${photo.id}`} className="result-thumb" style={{ aspectRatio: ratio }}>
      {photo.thumbUrl ? (
        <img
          src={photo.thumbUrl}
          srcSet={imageSrcSet(photo.thumbUrl, "thumb", photo.width)}
          sizes={sizes}
          alt={label}
          loading="lazy"
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
        />
      ) : null}
    </Link>
  );
}

/**
 * The first of a rated night, large: 'Photo of the night', or 'Joint first'
 * when photos share the first place (each its own card, `index` keeps their
 * headings' ids apart).
 */
export function PhotoOfTheNight({
  row,
  meetingId,
  joint = false,
  index = 0,
}: {
  row: ResultRowJson;
  meetingId: number;
  joint?: boolean;
  index?: number;
}) {
  const headingId = `photo-of-the-night-${index}`;
  return (
    <article className="photo-of-the-night" aria-labelledby={headingId}>
      <Thumb
        photo={row.Photo}
        label={labelOf(row)}
        meetingId={meetingId}
        sizes="(max-width: 719px) calc(100vw - 2rem), 36rem"
        whole
      />
      <div className="result-facts">
        <h2 id={headingId}>{joint ? placeName(1, true) : "Photo of the night"}</h2>
        <p className="result-title">{labelOf(row)}</p>
        <p>
          <Author row={row} />
        </p>
        <p>
          <RatingFigure rating={row.rating} />
        </p>
        <p>
          <Counts ratingCount={row.ratingCount} commentCount={row.commentCount} />
        </p>
      </div>
    </article>
  );
}

/** A row's badge: its place's name when placed ('Second', 'Joint third') or shared ('Joint 4th'). */
function PlaceBadge({ row, shared }: { row: ResultRowJson; shared: boolean }) {
  if (!row.placed && !shared) return null;
  return <span className={row.placed ? "result-badge" : "result-badge plain"}>{placeName(row.place, shared)}</span>;
}

/**
 * The ranked photos as an ordered list, each with its place, thumbnail, title,
 * author and marks. `shared` are the places two or more photos hold.
 */
export function ResultRows({
  rows,
  meetingId,
  label,
  shared,
}: {
  rows: ResultRowJson[];
  meetingId: number;
  label: string;
  shared: Set<number>;
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={label}>
      <ol className="result-rows">
        {rows.map((row) => (
          <li key={row.Photo.id} className={row.placed ? "result-row placed" : "result-row"} value={row.place}>
            <span className="result-rank" aria-hidden="true">
              {row.place}
            </span>
            <Thumb
              photo={row.Photo}
              label={labelOf(row)}
              meetingId={meetingId}
              sizes="(max-width: 559px) 5.5rem, 8rem"
            />
            <div className="result-facts">
              <p className="result-title">
                <span className="visually-hidden">Place {row.place}: </span>
                {labelOf(row)}
                <PlaceBadge row={row} shared={shared.has(row.place)} />
              </p>
              <p>
                <Author row={row} />
              </p>
              <p className="result-marks">
                <RatingFigure rating={row.rating} />
                <Counts ratingCount={row.ratingCount} commentCount={row.commentCount} />
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
