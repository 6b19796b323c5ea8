// The photo detail, shown in place of a list. Its pieces (links, viewer mount,
// facts, owner's tools, arrow keys, members' tabs) sit in detail/.
import { detailImageAttributes } from "~/lib/photo-images";
import { useState } from "react";
import { useActionData, useLocation } from "react-router";
import type { PhotoComment } from "~/lib/realtime-events";
import { useRootData } from "~/components/root-data";
import type { PhotoDetailData } from "~/lib/photo-detail-json";
import type { PhotoDetailLinks } from "./detail/neighbour-links";
import { commentExcerpt } from "./comments/messages";
import { PhotoComments } from "./comments/photo-comments";
import { useLiveComments } from "./comments/use-live-comments";
import { DetailNav } from "./detail/detail-nav";
import { DetailViewer } from "./detail/detail-viewer";
import { OwnerTools } from "./detail/owner-tools";
import { CameraDetails, PhotoFacts } from "./detail/photo-facts";
import { DEFAULT_PHOTO_TAB, tabsFor, withTab, type PhotoTab } from "./detail/photo-tabs";
import { PhotoTabStrip } from "./detail/photo-tab-strip";
import { useArrowKeys } from "./detail/use-arrow-keys";
import { usePhotoEditing } from "./detail/use-photo-editing";
import { usePhotoTab } from "./detail/use-photo-tab";
import { photoLabel } from "./photo-grid";
import { PrivateNotes } from "./private-notes";
import { RatingStars } from "./rating-stars";
import { useHydrated } from "./use-hydrated";
import { isFullScreen } from "./viewer/full-screen";
import type { CropActions, ViewerMeeting } from "./viewer/viewer-props";
import "./photos.css";
import "./photo-page.css";

export type { PhotoTab } from "./detail/photo-tabs";

export type { PhotoDetailLinks };

/** What a grid's route hands its photo's child route (routes/photo-detail.tsx). */
export type PhotoDetailProps = React.ComponentProps<typeof PhotoDetail>;

/**
 * The photo detail: the large image (the thumbnail for visitors),
 * previous/next links and the arrow keys, the way back and the basic details;
 * for members the rating stars and the tabs (Comments, Details with the
 * camera, and the owner's private notes); for the owner the edit form, the
 * featured year and delete. `defaultTab` is the tab a photo opens on when the
 * address names none (/comments opens on Comments).
 */
export function PhotoDetail({
  detail,
  links,
  defaultTab = DEFAULT_PHOTO_TAB,
  meeting = null,
  cropActions,
}: {
  detail: PhotoDetailData;
  links: PhotoDetailLinks;
  defaultTab?: PhotoTab;
  /** In a meeting's view: the full-screen viewer shows its timer and follows its leader. */
  meeting?: ViewerMeeting | null;
  /** Offered beside a member's crop once ended in the full-screen viewer ('Comment on this crop' if none). */
  cropActions?: CropActions;
}) {
  const { photo, details } = detail;
  const reader = useRootData()?.member ?? null;
  // Members see ratings, comments and tabs; visitors the basic data only.
  const isMember = details !== null && reader !== null;
  const isOwner = detail.featureYears !== null;
  const tabChoice = usePhotoTab(tabsFor(isOwner), defaultTab);
  const { tab } = tabChoice;
  const previous = links.previous && withTab(links.previous, tab, defaultTab);
  const next = links.next && withTab(links.next, tab, defaultTab);
  // The full-screen viewer is this address with ?view=full (see viewer/full-screen.ts).
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const here = `${location.pathname}${location.search}`;
  const viewing = useHydrated() && isFullScreen(search);

  const [arrival, setArrival] = useState("");
  const live = useLiveComments(isMember ? photo.id : null, photo.Comments ?? [], (comment: PhotoComment) => {
    if (comment.UserId !== reader?.id)
      setArrival(
        `${comment.User ? `${comment.User.firstName} ${comment.User.lastName}` : "The author"} commented: ${commentExcerpt(comment.body)}`,
      );
  });
  // A form posted without JavaScript that was refused comes back with its reason.
  const refused = useActionData() as { error?: unknown } | undefined;
  const editing = usePhotoEditing(photo.id);
  useArrowKeys({ previous, next, editing: editing.editing });

  const hasImage = Boolean(photo.largeUrl || photo.thumbUrl);
  const rating =
    isMember && photo.Ratings ? (
      <RatingStars
        photoId={photo.id}
        memberId={reader.id}
        ownerId={photo.UserId}
        ratings={photo.Ratings}
        summary={{ average: photo.rating ?? null, count: photo.ratingCount ?? 0 }}
      />
    ) : null;

  return (
    <article className="photo-detail" aria-label={photoLabel(photo)}>
      <DetailNav back={links.back} here={here} hasImage={hasImage} previous={previous} next={next} />

      <figure className="photo-detail-image">
        {hasImage ? <img {...detailImageAttributes(photo)} alt={photoLabel(photo)} /> : null}
      </figure>

      {viewing ? (
        <DetailViewer
          photo={photo}
          alt={photoLabel(photo)}
          here={here}
          search={search}
          previous={previous}
          next={next}
          member={isMember ? { id: reader.id, firstName: reader.firstName } : null}
          rating={rating}
          meeting={meeting}
          cropActions={cropActions}
        />
      ) : null}

      <section className="photo-details" aria-label="Details">
        {/* No caption, no title line: 'Untitled' said nothing (the author is among the facts below). The
            heading stays for screen readers, naming the author, so the tabs' headings keep their level. */}
        <h2 className={photo.caption ? undefined : "visually-hidden"}>{photoLabel(photo)}</h2>
        {photo.description ? <p className="photo-description">{photo.description}</p> : null}
        {typeof refused?.error === "string" ? (
          <div className="form-errors" role="alert">
            <p>{refused.error}</p>
          </div>
        ) : null}
        {rating}
        <PhotoFacts photo={photo} />

        {isOwner ? (
          <OwnerTools photo={photo} featureYears={detail.featureYears ?? []} editing={editing} back={links.back} />
        ) : null}

        {isMember ? (
          <PhotoTabStrip
            choice={tabChoice}
            counts={{ comments: live.comments.length }}
            panels={{
              comments: (
                <PhotoComments
                  photoId={photo.id}
                  comments={live.comments}
                  record={live.record}
                  reader={reader}
                  live={live.connected}
                />
              ),
              details: <CameraDetails details={details} />,
              notes: <PrivateNotes photoId={photo.id} notes={photo.notes ?? null} />,
            }}
          >
            {/* Other members' new comments, read out wherever the reader is on the page. */}
            <p role="status" className="visually-hidden">
              {arrival}
            </p>
          </PhotoTabStrip>
        ) : null}
      </section>
    </article>
  );
}
