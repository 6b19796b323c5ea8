import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/results";
import { PageTitle } from "~/components/page-title";
import { CompetitionResults } from "~/components/results/competition-results";
import { PhotoOfTheNight, ResultRows } from "~/components/results/result-rows";
import "~/components/results/results.css";
import { formatMeetingDate } from "~/lib/club-time";
import { AWARD_CHOICE_MESSAGE, AwardFormSchema } from "~/lib/competition-results";
import type { MeetingResultsJson } from "~/lib/results";
import { sharedPlaces } from "~/lib/results";
import { useMeetingReveal } from "~/realtime/browser/use-meeting-reveal";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, readForm, refusalMessage } from "~/server/forms.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import {
  awardChangedMessage,
  chooseAward,
  competitionResultsShown,
  RESULTS_PUBLISHED_MESSAGE,
} from "~/services/competitions/competition-results.server";
import { publishResults } from "~/services/competitions/publish-results.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { meetingForMember } from "~/services/meetings/meetings.server";
import { meetingResults } from "~/services/meetings/results.server";
import { mayManageMeetings } from "~/services/access.server";
import { meetingTitle } from "~/lib/meetings";
import { meetingIdOf } from "./meeting-forms.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/{id}/results: a critique night's photos ranked by the members' stars, the photo of the
// night first; a competition's entries per category ranked by the judge's score with their awards
// (admins before publishing, where they change awards and publish; members once published).
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const meeting = await meetingForMember(member, meetingIdOf(params));
  const timeZone = clubTimeZone();
  if (meeting.kind === "competition") {
    return {
      kind: "competition" as const,
      meeting: { id: meeting.id, title: meetingTitle(meeting.topic), startsAt: meeting.startsAt.toISOString() },
      competition: await competitionResultsShown(member, meeting),
      mayManage: mayManageMeetings(member),
      timeZone,
    };
  }
  return { kind: "critique" as const, results: await meetingResults(member, meeting.id), timeZone };
});

// A competition's admin forms: an entry's award (intent=award) and publishing (intent=publish).
// Both are refused to members by the services (403); a refusal is said on the page ({ error }).
export const action = page(async ({ request, params }: Route.ActionArgs) => {
  const member = await requireMember(request);
  const meetingId = meetingIdOf(params);
  const formData = await readForm(request);
  const back = `/meetings/${meetingId}/results`;
  try {
    if (formData.get("intent") === "publish") {
      await publishResults(member, meetingId);
      return redirectWithFlash(back, RESULTS_PUBLISHED_MESSAGE);
    }
    const submission = await parseForm(request, AwardFormSchema, formData);
    if (submission.status !== "success") return data({ error: AWARD_CHOICE_MESSAGE }, { status: 422 });
    const results = await chooseAward(member, meetingId, submission.value);
    return redirectWithFlash(back, awardChangedMessage(results, submission.value.PhotoId));
  } catch (error) {
    return refusalMessage(error);
  }
});

export default function ResultsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const error = answer && "error" in answer ? answer.error : null;
  if (loaderData.kind === "critique")
    return <CritiqueResults results={loaderData.results} timeZone={loaderData.timeZone} />;
  const { meeting, timeZone } = loaderData;
  return (
    <section className="results-page">
      <PageTitle>{`Results · ${meeting.title}`}</PageTitle>
      <ResultsHeader meeting={meeting} timeZone={timeZone} />
      <CompetitionResults
        meetingId={meeting.id}
        competition={loaderData.competition}
        mayManage={loaderData.mayManage}
        error={error}
      />
    </section>
  );
}

function ResultsHeader({
  meeting,
  timeZone,
}: {
  meeting: { id: number; title: string; startsAt: string };
  timeZone: string;
}) {
  return (
    <header className="results-header">
      <p className="results-when">
        <time dateTime={meeting.startsAt}>{formatMeetingDate(meeting.startsAt, timeZone)}</time>
        {" · "}
        <Link to={`/meetings/${meeting.id}`}>{meeting.title}</Link>
      </p>
      <div className="page-heading">
        <h1>Results</h1>
        <Link to="/meetings/standings" className="button">
          Standings
        </Link>
      </div>
    </header>
  );
}

/** A critique night's results: ranked by the members' stars, the photo of the night first. */
function CritiqueResults({ results, timeZone }: { results: MeetingResultsJson; timeZone: string }) {
  const { Meeting: meeting } = results;
  // An anonymous meeting's results show the names the moment an admin reveals them.
  useMeetingReveal(meeting.id, !results.authorsShown);
  // Every photo in a rated first place is shown large: two or more share it as 'Joint first'.
  const nights = results.results.filter((row) => row.photoOfTheNight);
  const rest = results.results.filter((row) => !row.photoOfTheNight);
  const shared = sharedPlaces(results.results);
  return (
    <section className="results-page">
      <PageTitle>{`Results · ${meeting.title}`}</PageTitle>
      <ResultsHeader meeting={meeting} timeZone={timeZone} />
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
