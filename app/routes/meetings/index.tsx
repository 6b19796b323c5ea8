import { Link } from "react-router";
import type { Route } from "./+types/index";
import { MeetingTable } from "~/components/meetings/meeting-table";
import { PageTitle } from "~/components/page-title";
import { Pager } from "~/components/pager";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import { formatMeetingDateTime, monthlyDayName, timeZoneLabel } from "~/lib/club-time";
import { MeetingListQuerySchema } from "~/lib/meeting-schemas";
import { meetingTitle, rhythmLabel, type MeetingRhythm } from "~/lib/meetings";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { NotFoundError } from "~/services/errors.server";
import { listMeetings } from "~/services/meetings/meeting-list.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings?year&page: the Next, Upcoming and Past meetings of a year or of all.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const search = new URL(request.url).searchParams;
  const query = MeetingListQuerySchema.safeParse({
    year: search.get("year") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  // An address naming no year or page of meetings ('?year=soon') names nothing.
  if (!query.success) throw new NotFoundError("There are no meetings at this address.");
  return { list: await listMeetings(member, query.data) };
});

function YearSelector({ years, current }: { years: number[]; current: number | "all" }) {
  const entries = [
    { key: "all", label: "All", href: "/meetings", active: current === "all" },
    ...years.map((year) => ({
      key: String(year),
      label: String(year),
      href: `/meetings?year=${year}`,
      active: current === year,
    })),
  ];
  return (
    <nav className="year-pager" aria-label="Years">
      <ul>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link to={entry.href} aria-current={entry.active ? "page" : undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 'Weekly', 'Monthly (the second Tuesday)': how a recurring meeting repeats, its monthly day read from its latest. */
function repeatsLabel(template: { repeats: MeetingRhythm; latestAt: string }, zone: string) {
  const label = rhythmLabel(template.repeats);
  if (template.repeats === "weekly" || template.repeats === "biweekly") return label;
  return `Monthly (${monthlyDayName(template.latestAt, zone, template.repeats === "monthly-last" ? "last" : "same")})`;
}

export default function MeetingsPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const zone = list.timeZone;
  const firstPage = list.page === 1;
  return (
    <section className="meetings-page">
      <PageTitle>Meetings</PageTitle>
      <div className="page-heading">
        <h1>Meetings</h1>
        <div className="row-actions">
          <Link to="/meetings/standings" className="button">
            Standings
          </Link>
          {list.mayCreate ? (
            <Link to="/meetings/new" className="button primary">
              New Meeting
            </Link>
          ) : null}
        </div>
      </div>
      <YearSelector years={list.years} current={list.year} />
      <p className="muted meetings-zone">Times are on the club's clock ({timeZoneLabel(zone)}).</p>

      {firstPage ? (
        <>
          <section aria-labelledby="next-meeting" className="meetings-section">
            <h2 id="next-meeting">Next Meeting</h2>
            {list.nextMeeting ? (
              <MeetingTable label="Next Meeting" meetings={[list.nextMeeting]} timeZone={zone} highlight />
            ) : (
              <p className="muted">No meeting is scheduled yet.</p>
            )}
          </section>
          <section aria-labelledby="upcoming-meetings" className="meetings-section">
            <h2 id="upcoming-meetings">Upcoming Meetings</h2>
            {list.upcomingMeetings.length ? (
              <MeetingTable label="Upcoming Meetings" meetings={list.upcomingMeetings} timeZone={zone} />
            ) : (
              <p className="muted">No other meetings are scheduled.</p>
            )}
          </section>
        </>
      ) : null}

      <section aria-labelledby="past-meetings" className="meetings-section">
        <h2 id="past-meetings">Past Meetings</h2>
        {list.pastMeetings.length ? (
          <MeetingTable label="Past Meetings" meetings={list.pastMeetings} timeZone={zone} />
        ) : (
          <p className="muted">No past meetings{list.year === "all" ? "" : ` in ${list.year}`}.</p>
        )}
        <Pager page={list.page} pageCount={list.pageCount} />
      </section>

      {list.templates ? (
        <section aria-labelledby="recurring-meetings" className="meetings-section">
          <h2 id="recurring-meetings">Manage Recurring Meetings</h2>
          {list.templates.length ? (
            <div className="table-frame">
              <table className="card-table meeting-table templates" aria-label="Manage Recurring Meetings">
                <thead>
                  <tr>
                    <th scope="col">Topic</th>
                    <th scope="col">Repeats</th>
                    <th scope="col">Next meeting</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.templates.map((template) => (
                    <tr key={template.id}>
                      <td className="meeting-topic">{meetingTitle(template.topic)}</td>
                      <td>{repeatsLabel(template, zone)}</td>
                      <td>
                        <time dateTime={template.nextStartsAt}>
                          {formatMeetingDateTime(template.nextStartsAt, zone)}
                        </time>
                      </td>
                      <td>
                        <div className="row-actions">
                          <Link to={`/meetings/new?meetingTemplateId=${template.id}`} className="button small primary">
                            Create Next Meeting
                          </Link>
                          <Link to={`/meetings/templates/${template.id}/edit`} className="button small">
                            Edit Meeting Template
                          </Link>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">
              No recurring meetings yet. Choose Weekly, Biweekly or Monthly under 'Recurring?' when you create a
              meeting.
            </p>
          )}
        </section>
      ) : null}
    </section>
  );
}
