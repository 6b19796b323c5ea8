import { formatMeetingDateTime } from "~/lib/club-time";
import type { CompetitionFieldsJson } from "~/lib/competitions";

/** A competition's page says when entries close, what it is judged out of, its categories and when names come. */
export function CompetitionAbout({ meeting, timeZone }: { meeting: CompetitionFieldsJson; timeZone: string }) {
  if (meeting.kind !== "competition") return null;
  return (
    <div className="competition-about notice">
      <p>
        <strong>Competition.</strong>{" "}
        {meeting.closesAt ? (
          <>
            {new Date(meeting.closesAt) <= new Date() ? "Entries closed on" : "Entries close"}{" "}
            {formatMeetingDateTime(meeting.closesAt, timeZone)}.{" "}
          </>
        ) : null}
        Judged out of {meeting.scoreMax} by an outside judge.{" "}
        {meeting.resultsPublishedAt ? "The results are published." : "Names are shown when the results are published."}
      </p>
      <ul className="competition-categories" aria-label="Categories">
        {meeting.categories.map((category) => (
          <li key={category.id}>
            {category.name}{" "}
            <span className="muted">
              (up to {category.maxEntries} {category.maxEntries === 1 ? "entry" : "entries"} each)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
