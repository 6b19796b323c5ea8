import { Link, Outlet } from "react-router";
import type { Route } from "./+types/meeting";
import { LinkifiedText } from "~/components/linkified-text";
import { MeetingTimerPanel } from "~/components/meetings/meeting-timer";
import { SortToggle } from "~/components/meetings/sort-toggle";
import { CompetitionAbout } from "~/components/meetings/competition-about";
import { RevealNames } from "~/components/meetings/reveal-names";
import { SubmissionGroups } from "~/components/meetings/submission-groups";
import { PageTitle } from "~/components/page-title";
import type { PhotoDetailProps } from "~/components/photo-detail";
import { loadPhotoEditForm } from "~/components/load-photo-edit-form";
import { enterBrowserFullScreen, fullScreenHref } from "~/components/viewer/full-screen";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import "~/components/meeting-photo-page.css";
import { photoLabel } from "~/lib/photo-label";
import { useRootData } from "~/components/root-data";
import { formatMeetingDate, formatMeetingTime, timeZoneLabel } from "~/lib/club-time";
import { meetingSortFromCookie } from "~/lib/meeting-order";
import { idParam } from "~/services/id-params.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { meetingPhotoView, meetingView, PHOTO_NOT_IN_MEETING_MESSAGE } from "~/services/meetings/meeting-view.server";
import { useMeetingReveal } from "~/realtime/browser/use-meeting-reveal";
import { photoDetail } from "~/services/photos/detail.server";
import { meetingIdOf, meetingPageAction } from "./meeting-forms.server";
import { meetingPageData } from "./meeting-view.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/{id}: the meeting, its submissions author by author in the order the `sort` cookie keeps.
// /meetings/{id}/{photoId}: one of its photos opened in place (its child route), previous/next in that order.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const meetingId = meetingIdOf(params);
  const sort = meetingSortFromCookie(request.headers.get("Cookie"));
  if (!params.photoId) return { ...meetingPageData(await meetingView(member, meetingId, sort)), detail: null };
  const photoId = idParam(PHOTO_NOT_IN_MEETING_MESSAGE)(params.photoId);
  await loadPhotoEditForm();
  const view = await meetingPhotoView(member, meetingId, photoId, sort);
  const detail = await photoDetail(member, photoId, {
    kind: "given",
    previousId: view.previousId,
    nextId: view.nextId,
  });
  return { ...meetingPageData(view), detail };
});

export const action = meetingPageAction;

export { shouldRevalidate } from "~/routes/photos/photo-grid-route";

export default function MeetingPage({ loaderData }: Route.ComponentProps) {
  const { meeting, title, details, sort, groups, photoOrder, detail, timeZone } = loaderData;
  const memberId = useRootData()?.member?.id ?? 0;
  useMeetingReveal(meeting.id, loaderData.namesHidden);
  const base = `/meetings/${meeting.id}`;
  const openAt = detail ? photoOrder.indexOf(detail.photo.id) : -1;
  const photosLeft = openAt >= 0 ? photoOrder.length - openAt : photoOrder.length;

  return (
    // With a photo open, the photo comes first on a phone (meeting-view.css, .photo-open).
    <section className={detail ? "meeting-page photo-open" : "meeting-page"}>
      <PageTitle>{detail ? `${photoLabel(detail.photo)} · ${title}` : title}</PageTitle>
      <header className="meeting-header">
        <div className="meeting-heading">
          <p className="meeting-when">
            <time dateTime={meeting.startsAt}>
              {formatMeetingDate(meeting.startsAt, timeZone)} · {formatMeetingTime(meeting.startsAt, timeZone)}
            </time>{" "}
            <span className="muted">({timeZoneLabel(timeZone)})</span>
          </p>
          <h1>{detail ? <Link to={base}>{title}</Link> : title}</h1>
        </div>
        <div className="meeting-actions">
          {loaderData.mayManage ? (
            <Link to={`${base}/edit`} className="button">
              Edit Meeting
            </Link>
          ) : null}
          {meeting.callLink ? (
            <a href={meeting.callLink} className="button primary" target="_blank" rel="noopener noreferrer">
              Join Call
            </a>
          ) : null}
          {loaderData.maySubmit ? (
            <Link to={`${base}/upload`} className="button">
              Upload Photos
            </Link>
          ) : null}
          <a href={`${base}/calendar.ics`} className="button" download>
            Add to calendar
          </a>
          {detail ? null : (
            <Link to={`${base}/results`} className="button">
              Results
            </Link>
          )}
        </div>
      </header>

      {detail ? null : (
        <div className="meeting-about">
          {details ? <LinkifiedText text={details} className="linkified meeting-details" /> : null}
          {meeting.callDetails ? (
            <div className="call-details">
              <h2>Call details</h2>
              <LinkifiedText text={meeting.callDetails} className="linkified" />
            </div>
          ) : null}
        </div>
      )}

      {detail ? null : <CompetitionAbout meeting={meeting} timeZone={timeZone} />}
      {/* A competition's names come with its results, not with Reveal names. */}
      {loaderData.namesHidden && meeting.kind !== "competition" ? (
        <RevealNames mayReveal={loaderData.mayReveal} />
      ) : null}

      <div className="meeting-toolbar">
        {/* Before an anonymous meeting's reveal there are no authors to order: one group in its seeded order. */}
        {loaderData.namesHidden ? null : <SortToggle sort={sort} />}
        <MeetingTimerPanel meetingId={meeting.id} timeZone={timeZone} photosLeft={photosLeft} />
        {!detail && photoOrder.length ? (
          // The review itself: the first photo in the meeting's order, full screen.
          <Link
            to={fullScreenHref(`${base}/${photoOrder[0]}`)}
            className="button primary"
            onClick={enterBrowserFullScreen}
          >
            Review full screen
          </Link>
        ) : null}
        {!detail && photoOrder.length ? (
          // The one window a host shares on the call: it follows the review's lead (routes/meetings/present.tsx).
          <a href={`${base}/present`} className="button" target="_blank" rel="noopener">
            Present
          </a>
        ) : null}
      </div>

      {detail ? (
        <Outlet
          context={
            {
              detail,
              links: {
                previous: detail.previous ? `${base}/${detail.previous.id}` : null,
                next: detail.next ? `${base}/${detail.next.id}` : null,
                back: `${base}#photo-${detail.photo.id}`,
              },
              meeting: {
                id: meeting.id,
                timeZone,
                photosLeft,
                photoHref: (photoId) => fullScreenHref(`${base}/${photoId}`),
              },
            } satisfies PhotoDetailProps
          }
        />
      ) : (
        <SubmissionGroups meetingId={meeting.id} groups={groups} memberId={memberId} />
      )}
    </section>
  );
}
