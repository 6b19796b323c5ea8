import { Link } from "react-router";
import { rectParam } from "~/lib/viewer-geometry";
import type { PhotoComment } from "~/lib/realtime-events";
import { CROP_PARAM, enterBrowserFullScreen, fullScreenHref, withParam } from "../viewer/full-screen";

/**
 * A comment's crop: the small picture of the region it is
 * about, cut on the server; it opens the photo's full-screen viewer with the
 * rectangle drawn (`?view=full&crop=x,y,w,h`). `photoHref` is the photo
 * detail's address on this page. Nothing for a comment on the whole photo.
 */
export function CommentCrop({
  comment,
  photoHref,
}: {
  comment: Pick<PhotoComment, "crop" | "cropUrl">;
  photoHref: string;
}) {
  if (!comment.crop || !comment.cropUrl) return null;
  const href = withParam(fullScreenHref(photoHref), CROP_PARAM, rectParam(comment.crop));
  return (
    <Link to={href} className="comment-crop" onClick={enterBrowserFullScreen} title="Show this region on the photo">
      <img
        src={comment.cropUrl}
        alt="The region this comment is about: opens it, drawn on the full-screen view"
        loading="lazy"
      />
    </Link>
  );
}
