// The photo detail shown full screen (its address with ?view=full): the viewer,
// loaded when first needed, with the neighbours' full-screen addresses, the
// rating for members and, beside a member's ended crop, 'Comment on this crop'
// unless the page offers something else.
import { Suspense } from "react";
import type { Viewer } from "~/lib/realtime-events";
import { parseRectParam } from "~/lib/viewer-geometry";
import type { PhotoDetailData } from "~/lib/photo-detail-json";
import { CropCommentForm } from "../comments/crop-comment-form";
import { detailHref, CROP_PARAM, fullScreenHref } from "../viewer/full-screen";
import { LazyPhotoViewer } from "../viewer/lazy-viewer";
import type { CropActions, ViewerMeeting } from "../viewer/viewer-props";

export function DetailViewer({
  photo,
  alt,
  here,
  search,
  previous,
  next,
  member,
  rating,
  meeting,
  cropActions,
}: {
  photo: PhotoDetailData["photo"];
  alt: string;
  /** The detail's address, and its query (the highlighted crop). */
  here: string;
  search: URLSearchParams;
  /** The neighbours' detail addresses. */
  previous: string | null;
  next: string | null;
  member: Viewer | null;
  rating: React.ReactNode;
  meeting: ViewerMeeting | null;
  cropActions?: CropActions;
}) {
  const offerOnCrop: CropActions | undefined =
    cropActions ??
    (member ? (rect, clear) => <CropCommentForm photoId={photo.id} crop={rect} onClose={clear} /> : undefined);
  return (
    <Suspense fallback={null}>
      <LazyPhotoViewer
        photo={photo}
        alt={alt}
        previous={previous && fullScreenHref(previous)}
        next={next && fullScreenHref(next)}
        exitHref={detailHref(here)}
        member={member}
        rating={rating}
        meeting={meeting}
        highlight={parseRectParam(search.get(CROP_PARAM))}
        cropActions={offerOnCrop}
      />
    </Suspense>
  );
}
