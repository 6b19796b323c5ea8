import { Link } from "react-router";
import type { Route } from "./+types/results";
import { PageTitle } from "~/components/page-title";
import { PhotoOfTheNight, ResultRows } from "~/components/results/result-rows";
import "~/components/results/results.css";
import { formatMeetingDate } from "~/lib/club-time";
import { sharedPlaces } from "~/lib/results";
import { useMeetingReveal } from "~/realtime/browser/use-meeting-reveal";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { meetingResults } from "~/services/meetings/results.server";
import { meetingIdOf } from "./meeting-forms.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/{id}/results: the meeting's photos ranked, the photo of the night first (members).
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  return { results: await meetingResults(member, meetingIdOf(params)), timeZone: clubTimeZone() };
});

export default function ResultsPage({ loaderData }: Route.ComponentProps) {
  const { results, timeZone } = loaderData;
  const { Meeting: meeting } = results;
  // An anonymous meeting's results show the names the moment an admin reveals them.
  useMeetingReveal(meeting.id, !results.authorsShown);
  const base = `/meetings/${meeting.id}`;
  // Every photo in a rated first place is shown large: two or more share it as 'Joint first'.
  const nights = results.results.filter((row) => row.photoOfTheNight);
  const rest = results.results.filter((row) => !row.photoOfTheNight);
  const shared = sharedPlaces(results.results);
  return (
    <section className="results-page">
      <PageTitle>{`Results · ${meeting.title}`}</PageTitle>
      <header className="results-header">
        <p className="results-when">
          <time dateTime={meeting.startsAt}>{formatMeetingDate(meeting.startsAt, timeZone)}</time>
          {" · "}
          <Link to={base}>{meeting.title}</Link>
        </p>
        <div className="page-heading">
          <h1>Results</h1>
          <Link to="/meetings/standings" className="button">
            Standings
          </Link>
        </div>
      </header>
      {results.provisional ? (
        <p className="results-note" role="note">
          The meeting is still on: the ranking may change as ratings come in.
        </p>
      ) : null}
      {results.authorsShown ? null : (
        <p className="results-note" role="note">
          This is an anonymous meeting: the names stay hidden until the host reveals them.
        </p>
      )}
      {results.results.length === 0 ? (
        <p className="muted">No photos were submitted to this meeting.</p>
      ) : (
        <>
          {nights.map((row, index) => (
            <PhotoOfTheNight
              key={row.Photo.id}
              row={row}
              meetingId={meeting.id}
              joint={nights.length > 1}
              index={index}
            />
          ))}
          <ResultRows
            rows={rest}
            meetingId={meeting.id}
            label={nights.length ? "The other photos, ranked" : "The photos, ranked"}
            shared={shared}
          />
          <p className="muted results-rule">
            Ranked by the average rating (the photographer's own left out), then by the number of ratings. Photos with
            the same average and the same number of ratings share a place (two joint firsts, then third); the list shows
            them in the order they were submitted.
          </p>
        </>
      )}
    </section>
  );
}
