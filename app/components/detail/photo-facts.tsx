// What the photo detail says of a photo: who took it, its licence (and where to
// acquire one) and its featured year for everyone; the time it was taken and
// the camera's details in the members' Details tab.
import { Link } from "react-router";
import { LICENSES } from "~/lib/licenses";
import { ANONYMOUS_AUTHOR } from "~/lib/meetings";
import type { PhotoDetailData } from "~/lib/photo-detail-json";

type DetailPhoto = PhotoDetailData["photo"];

export function PhotoFacts({ photo }: { photo: DetailPhoto }) {
  const license = LICENSES.find((entry) => entry.value === photo.license);
  return (
    <dl>
      <dt>By</dt>
      <dd>
        {photo.User ? (
          <Link to={`/members/${encodeURIComponent(photo.User.username)}`}>
            {photo.User.firstName} {photo.User.lastName}
          </Link>
        ) : (
          <span className="muted">{ANONYMOUS_AUTHOR}</span>
        )}
      </dd>
      <dt>Licence</dt>
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
              Acquire a licence
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
    </dl>
  );
}

export function CameraDetails({ details }: { details: PhotoDetailData["details"] }) {
  return details?.takenAt || details?.camera.length ? (
    <dl>
      {details.takenAt ? (
        <>
          <dt>Taken</dt>
          <dd>{details.takenAt}</dd>
        </>
      ) : null}
      {details.camera.map((line) => (
        <div key={line.label} style={{ display: "contents" }}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  ) : (
    <p className="muted">The camera left no details in this photo.</p>
  );
}
