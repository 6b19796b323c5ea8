import { detailImageAttributes } from "~/lib/photo-images";
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type KeyboardEvent } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { LICENSES } from "~/lib/licenses";
import type { PhotoComment } from "~/lib/realtime-events";
import { useRootData } from "~/lib/root-data";
import type { Neighbour, PhotoDetailData } from "~/services/photos/detail.server";
import { commentExcerpt } from "./comments/messages";
import { PhotoComments } from "./comments/photo-comments";
import { useLiveComments } from "./comments/use-live-comments";
import { FeatureYearSelect } from "./feature-year-select";
import { photoLabel } from "./photo-grid";
import {
  DeletePhotoButton,
  EDIT_PHOTO_STEP,
  PhotoEditForm,
  SavedNote,
  useHereWith,
  usePhotoEditFetcher,
  usePhotoStep,
} from "./photo-edit-form";
import { PrivateNotes } from "./private-notes";
import { RatingStars } from "./rating-stars";
import { useHydrated } from "./use-hydrated";
import { CROP_PARAM, detailHref, enterBrowserFullScreen, fullScreenHref, isFullScreen } from "./viewer/full-screen";
import type { CropActions, ViewerMeeting } from "./viewer/photo-viewer";
import { parseRectParam } from "~/lib/viewer-geometry";
import "./photos.css";

// The full-screen viewer (its pointers, crops and live room) is fetched when a
// photo is first shown full screen, or about to be: not with every photo page.
const loadViewer = () => import("./viewer/photo-viewer");
const PhotoViewer = lazy(() => loadViewer().then((module) => ({ default: module.PhotoViewer })));

export type PhotoDetailLinks = { previous: string | null; next: string | null; back: string };

/** The links of a photo shown in place of its list: each neighbour's address, and the way back to the list. */
export function neighbourLinks(
  detail: Pick<PhotoDetailData, "previous" | "next">,
  hrefOf: (neighbour: Neighbour) => string,
  back: string,
): PhotoDetailLinks {
  return {
    previous: detail.previous ? hrefOf(detail.previous) : null,
    next: detail.next ? hrefOf(detail.next) : null,
    back,
  };
}

/** The members' tabs under a photo; 'notes' is the owner's only. */
export type PhotoTab = "comments" | "details" | "notes";

const TAB_NAMES: Record<PhotoTab, string> = { comments: "Comments", details: "Details", notes: "My Private Notes" };

/** A tab's panel, named by its tab (photo-tab-{name}) and hidden while another tab is shown. */
function TabPanel({ name, shown, children }: { name: PhotoTab; shown: PhotoTab; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id={`photo-panel-${name}`} aria-labelledby={`photo-tab-${name}`} hidden={shown !== name}>
      {children}
    </div>
  );
}

/** Keys typed into a field belong to the field, not to the photo navigation. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** `href` with the tab in its query (left out when it is the default), so the next photo opens on the same tab. */
function withTab(href: string, tab: PhotoTab, defaultTab: PhotoTab) {
  const url = new URL(href, "http://club.invalid");
  if (tab === defaultTab) url.searchParams.delete("tab");
  else url.searchParams.set("tab", tab);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The tab chosen: the address's `?tab=` (so the choice survives a reload, the
 * previous/next links and pages without JavaScript), or the one just clicked,
 * which is written into the address without reloading the page.
 */
function usePhotoTab(tabs: PhotoTab[], defaultTab: PhotoTab) {
  const location = useLocation();
  const [chosen, setChosen] = useState<{ locationKey: string; tab: PhotoTab } | null>(null);
  const inAddress = new URLSearchParams(location.search).get("tab") as PhotoTab | null;
  const fromAddress = inAddress && tabs.includes(inAddress) ? inAddress : defaultTab;
  const tab = chosen?.locationKey === location.key && tabs.includes(chosen.tab) ? chosen.tab : fromAddress;
  const hrefOf = (to: PhotoTab) => {
    const params = new URLSearchParams(location.search);
    params.delete("editComment");
    params.delete("deleteComment");
    return withTab(`${location.pathname}?${params}`, to, defaultTab);
  };
  const choose = (to: PhotoTab) => {
    setChosen({ locationKey: location.key, tab: to });
    // The address only: the page's data does not change with the tab.
    window.history.replaceState(window.history.state, "", hrefOf(to));
  };
  return { tab, hrefOf, choose };
}

/**
 * The photo detail, shown in place of a list (spec section 2): the large image
 * (the thumbnail for visitors), previous/next links and the arrow keys, the way
 * back and the basic details; for members the rating stars and the tabs
 * (Comments, Details with the camera, and the owner's private notes); for the
 * owner the edit form, the featured year and delete. `defaultTab` is the tab a
 * photo opens on when the address names none (/comments opens on Comments).
 */
export function PhotoDetail({
  detail,
  links,
  defaultTab = "details",
  meeting = null,
  cropActions,
}: {
  detail: PhotoDetailData;
  links: PhotoDetailLinks;
  defaultTab?: PhotoTab;
  /** In a meeting's view: the full-screen viewer shows its timer and follows its leader. */
  meeting?: ViewerMeeting | null;
  /** Offered beside a member's crop once ended in the full-screen viewer. */
  cropActions?: CropActions;
}) {
  const { photo, details } = detail;
  const navigate = useNavigate();
  const reader = useRootData()?.member ?? null;
  // Members see ratings, comments and tabs; visitors the basic data only (spec section 2).
  const isMember = details !== null && reader !== null;
  const isOwner = detail.featureYears !== null;
  const tabs: PhotoTab[] = isOwner ? ["comments", "details", "notes"] : ["comments", "details"];
  const { tab, hrefOf, choose } = usePhotoTab(tabs, defaultTab);
  const previous = links.previous && withTab(links.previous, tab, defaultTab);
  const next = links.next && withTab(links.next, tab, defaultTab);
  // The full-screen viewer is this address with ?view=full (see viewer/full-screen.ts).
  const location = useLocation();
  const hydrated = useHydrated();
  const search = new URLSearchParams(location.search);
  const here = `${location.pathname}${location.search}`;
  const viewing = hydrated && isFullScreen(search);

  const [arrival, setArrival] = useState("");
  const live = useLiveComments(isMember ? photo.id : null, photo.Comments ?? [], (comment: PhotoComment) => {
    if (comment.UserId !== reader?.id)
      setArrival(`${comment.User.firstName} ${comment.User.lastName} commented: ${commentExcerpt(comment.body)}`);
  });
  // A form posted without JavaScript that was refused comes back with its reason.
  const refused = useActionData() as { error?: unknown } | undefined;

  const [editingHere, setEditing] = useState(false);
  useEffect(() => setEditing(false), [photo.id]);
  // Without JavaScript, Edit is a link to the form as a step of the address (?editPhoto=).
  const editingInAddress = usePhotoStep(EDIT_PHOTO_STEP, photo.id);
  const editing = editingHere || editingInAddress;
  const hereWith = useHereWith();
  const stopEditing = () => {
    setEditing(false);
    if (editingInAddress) void navigate(hereWith({ [EDIT_PHOTO_STEP]: null }), { replace: true });
  };
  // A saved edit goes back to the view, which says so.
  const edit = usePhotoEditFetcher(photo.id);
  const saved = edit.saved;
  useEffect(() => {
    if (saved) stopEditing();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stopEditing is remade each render; the save decides
  }, [saved, edit.fetcher.data]);

  // Set up as the photo is put on screen (a layout effect, not a later passive one),
  // so an arrow pressed just after it appears moves from this photo, not the last.
  useLayoutEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (editing || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || document.querySelector("dialog[open]")) return;
      const to = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [editing, previous, next, navigate]);

  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const at = tabs.indexOf(tab);
    const to =
      event.key === "ArrowRight"
        ? tabs[(at + 1) % tabs.length]
        : event.key === "ArrowLeft"
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : event.key === "Home"
            ? tabs[0]
            : event.key === "End"
              ? tabs.at(-1)
              : undefined;
    if (!to) return;
    // The arrows move between the tabs here, not between photos.
    event.preventDefault();
    choose(to);
    document.getElementById(`photo-tab-${to}`)?.focus();
  };

  const license = LICENSES.find((entry) => entry.value === photo.license);
  const title = photo.caption || "Untitled";

  return (
    <article className="photo-detail" aria-label={title}>
      <nav className="photo-detail-nav" aria-label="Photo navigation">
        <Link to={links.back}>Back to list</Link>
        <span className="spacer" />
        {/* The viewer needs JavaScript: without it the button would only reload this page. Until the
            page runs, an unseen stand-in of its size holds its place, so the row does not grow (and
            on a phone wrap) under the reader's eyes when it appears. */}
        {photo.largeUrl || photo.thumbUrl ? (
          hydrated ? (
            <Link
              id="photo-full-screen"
              to={fullScreenHref(here)}
              className="button small"
              preventScrollReset
              onClick={enterBrowserFullScreen}
              onPointerEnter={() => void loadViewer()}
              onFocus={() => void loadViewer()}
            >
              Full screen
            </Link>
          ) : (
            <span className="button small" aria-hidden="true" style={{ visibility: "hidden" }}>
              Full screen
            </span>
          )
        ) : null}
        {previous ? (
          <Link to={previous} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className="disabled">← Previous</span>
        )}
        {next ? (
          <Link to={next} rel="next">
            Next →
          </Link>
        ) : (
          <span className="disabled">Next →</span>
        )}
      </nav>

      <figure className="photo-detail-image">
        {photo.largeUrl || photo.thumbUrl ? <img {...detailImageAttributes(photo)} alt={photoLabel(photo)} /> : null}
      </figure>

      {viewing ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photo={photo}
            alt={photoLabel(photo)}
            previous={previous && fullScreenHref(previous)}
            next={next && fullScreenHref(next)}
            exitHref={detailHref(here)}
            member={isMember ? { id: reader.id, firstName: reader.firstName } : null}
            rating={
              isMember && photo.Ratings ? (
                <RatingStars photoId={photo.id} memberId={reader.id} ownerId={photo.UserId} ratings={photo.Ratings} />
              ) : null
            }
            meeting={meeting}
            highlight={parseRectParam(search.get(CROP_PARAM))}
            cropActions={cropActions}
          />
        </Suspense>
      ) : null}

      <section className="photo-details" aria-label="Details">
        <h2>{title}</h2>
        {photo.description ? <p className="photo-description">{photo.description}</p> : null}
        {typeof refused?.error === "string" ? (
          <div className="form-errors" role="alert">
            <p>{refused.error}</p>
          </div>
        ) : null}
        {isMember && photo.Ratings ? (
          <RatingStars photoId={photo.id} memberId={reader.id} ownerId={photo.UserId} ratings={photo.Ratings} />
        ) : null}
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
        </dl>

        {isOwner ? (
          <div className="owner-tools">
            {editing ? (
              <PhotoEditForm photo={photo} onCancel={stopEditing} />
            ) : (
              <div className="form-actions">
                {hydrated ? (
                  <button type="button" className="button" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                ) : (
                  <Link to={hereWith({ [EDIT_PHOTO_STEP]: String(photo.id) })} className="button">
                    Edit
                  </Link>
                )}
                <SavedNote message={saved} />
              </div>
            )}
            <FeatureYearSelect
              photoId={photo.id}
              year={photo.Feature?.year ?? null}
              years={detail.featureYears ?? []}
            />
            <DeletePhotoButton photoId={photo.id} returnTo={links.back} />
          </div>
        ) : null}

        {isMember ? (
          <div className="photo-tabs">
            <div role="tablist" aria-label="About this photo" className="tab-list">
              {tabs.map((name) => (
                <a
                  key={name}
                  id={`photo-tab-${name}`}
                  role="tab"
                  href={hrefOf(name)}
                  aria-selected={tab === name}
                  aria-controls={`photo-panel-${name}`}
                  tabIndex={tab === name ? 0 : -1}
                  className="tab"
                  onKeyDown={onTabKey}
                  onClick={(event) => {
                    event.preventDefault();
                    choose(name);
                  }}
                >
                  {TAB_NAMES[name]}
                  {name === "comments" && live.comments.length ? (
                    <span className="tab-count">{live.comments.length}</span>
                  ) : null}
                </a>
              ))}
            </div>
            <TabPanel name="comments" shown={tab}>
              <PhotoComments
                photoId={photo.id}
                comments={live.comments}
                record={live.record}
                reader={reader}
                live={live.connected}
              />
            </TabPanel>
            <TabPanel name="details" shown={tab}>
              {details?.takenAt || details?.camera.length ? (
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
              )}
            </TabPanel>
            {isOwner ? (
              <TabPanel name="notes" shown={tab}>
                <PrivateNotes photoId={photo.id} notes={photo.notes ?? null} />
              </TabPanel>
            ) : null}
            {/* Other members' new comments, read out wherever the reader is on the page. */}
            <p role="status" className="visually-hidden">
              {arrival}
            </p>
          </div>
        ) : null}
      </section>
    </article>
  );
}
