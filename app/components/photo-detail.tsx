import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LICENSES } from "~/lib/licenses";
import type { PhotoDetailData } from "~/services/photos/detail.server";
import { FeatureYearSelect } from "./feature-year-select";
import { photoLabel } from "./photo-grid";
import { DeletePhotoButton, PhotoEditForm, SavedNote, usePhotoEditFetcher } from "./photo-edit-form";
import { PrivateNotes } from "./private-notes";
import "./photos.css";

export type PhotoDetailLinks = { previous: string | null; next: string | null; back: string };

/** Keys typed into a field belong to the field, not to the photo navigation. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The photo detail, shown in place of a list (spec section 2): the large image
 * (the thumbnail for visitors), previous/next links and the arrow keys, the way
 * back, the details panel, and for the owner the edit form, the featured year
 * and delete.
 */
export function PhotoDetail({ detail, links }: { detail: PhotoDetailData; links: PhotoDetailLinks }) {
  const { photo, details } = detail;
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  useEffect(() => setEditing(false), [photo.id]);
  // A saved edit goes back to the view, which says so.
  const edit = usePhotoEditFetcher(photo.id);
  const saved = edit.saved;
  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved, edit.fetcher.data]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (editing || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || document.querySelector("dialog[open]")) return;
      const to = event.key === "ArrowLeft" ? links.previous : event.key === "ArrowRight" ? links.next : null;
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [editing, links.previous, links.next, navigate]);

  const license = LICENSES.find((entry) => entry.value === photo.license);
  const isOwner = detail.featureYears !== null;
  const title = photo.caption || "Untitled";

  return (
    <article className="photo-detail" aria-label={title}>
      <nav className="photo-detail-nav" aria-label="Photo navigation">
        <Link to={links.back}>Back to list</Link>
        <span className="spacer" />
        {links.previous ? (
          <Link to={links.previous} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className="disabled">← Previous</span>
        )}
        {links.next ? (
          <Link to={links.next} rel="next">
            Next →
          </Link>
        ) : (
          <span className="disabled">Next →</span>
        )}
      </nav>

      <figure className="photo-detail-image">
        {photo.largeUrl || photo.thumbUrl ? (
          <img src={(photo.largeUrl ?? photo.thumbUrl)!} alt={photoLabel(photo)} />
        ) : null}
      </figure>

      <section className="photo-details" aria-label="Details">
        <h2>{title}</h2>
        {photo.description ? <p className="photo-description">{photo.description}</p> : null}
        <dl>
          <dt>By</dt>
          <dd>
            <Link to={`/members/${encodeURIComponent(photo.User.username)}`}>
              {photo.User.firstName} {photo.User.lastName}
            </Link>
          </dd>
          <dt>License</dt>
          <dd>
            {license?.url ? (
              <a href={license.url} target="_blank" rel="license noopener noreferrer">
                {license.label}
              </a>
            ) : (
              (license?.label ?? photo.license)
            )}
            {photo.acquireLicensePage && /^https?:\/\//i.test(photo.acquireLicensePage) ? (
              <>
                {" · "}
                <a href={photo.acquireLicensePage} target="_blank" rel="noopener noreferrer nofollow">
                  Acquire a license
                </a>
              </>
            ) : null}
          </dd>
          {photo.Feature ? (
            <>
              <dt>Featured</dt>
              <dd>{photo.Feature.year}</dd>
            </>
          ) : null}
          {details?.takenAt ? (
            <>
              <dt>Taken</dt>
              <dd>{details.takenAt}</dd>
            </>
          ) : null}
          {details?.camera.map((line) => (
            <div key={line.label} style={{ display: "contents" }}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>

        {isOwner ? (
          <div className="owner-tools">
            {editing ? (
              <PhotoEditForm photo={photo} onCancel={() => setEditing(false)} />
            ) : (
              <div className="form-actions">
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  Edit
                </button>
                <SavedNote message={saved} />
              </div>
            )}
            <FeatureYearSelect
              photoId={photo.id}
              year={photo.Feature?.year ?? null}
              years={detail.featureYears ?? []}
            />
            <DeletePhotoButton photoId={photo.id} returnTo={links.back} />
            <PrivateNotes photoId={photo.id} notes={photo.notes ?? null} />
          </div>
        ) : null}
      </section>
    </article>
  );
}
