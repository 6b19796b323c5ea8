import { Link } from "react-router";
import type { Route } from "./+types/account";
import { Avatar } from "~/components/avatar";
import { CalendarAddress } from "~/components/meetings/calendar-address";
import { PageTitle } from "~/components/page-title";
import "~/components/members.css";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import { formatMeetingDateTime } from "~/lib/club-time";
import { redirectWithFlash } from "~/server/flash.server";
import { readForm } from "~/server/forms.server";
import { requireMember } from "~/server/guards.server";
import { InvalidError } from "~/services/errors.server";
import { calendarFeedUrl, renewCalendarToken } from "~/services/meetings/calendar.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { nextMeeting } from "~/services/meetings/next-meeting.server";
import { page } from "~/server/pages.server";
import { toUserJson } from "~/services/members/members.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Where a new member lands after accepting an invite: who they are, and what to do next.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const [next, calendarUrl] = await Promise.all([nextMeeting(), calendarFeedUrl(member)]);
  return { member: toUserJson(member), nextMeeting: next, calendarUrl, timeZone: clubTimeZone() };
});

const CALENDAR_RENEWED_MESSAGE = "Your new calendar address is below. The old one no longer works.";

// 'Make a new address': the member's calendar address is replaced, the old one dead at once.
export const action = page(async ({ request }: Route.ActionArgs) => {
  const member = await requireMember(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "renew-calendar") throw InvalidError.field("intent", "The form could not be read.");
  await renewCalendarToken(member);
  return redirectWithFlash("/account", CALENDAR_RENEWED_MESSAGE);
});

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { member, nextMeeting, calendarUrl, timeZone } = loaderData;
  const profilePath = `/members/${encodeURIComponent(member.username)}`;
  return (
    <section className="wide">
      <PageTitle>Your Account</PageTitle>
      <h1>Your Account</h1>
      <div className="account-card">
        <Avatar member={member} size={72} />
        <div>
          <p>
            <strong>
              {member.firstName} {member.lastName}
            </strong>{" "}
            <span className="muted">@{member.username}</span>
          </p>
          <p>{member.email}</p>
          <p className="muted">{member.isPublic ? "Visitors can see your page." : "Your page is for members only."}</p>
        </div>
      </div>
      <div className="account-sections">
        <section aria-labelledby="account-profile">
          <h2 id="account-profile">Your profile</h2>
          <p>Add a picture, a few words about yourself and a website.</p>
          <p>
            <Link to={`${profilePath}/edit`} className="button">
              Edit Profile
            </Link>{" "}
            <Link to={profilePath}>See your page</Link>
          </p>
        </section>
        <section aria-labelledby="account-photos">
          <h2 id="account-photos">Your photos</h2>
          <p>Share your street photos with the club.</p>
          <p>
            <Link to="/upload" className="button primary">
              Upload Photos
            </Link>
          </p>
        </section>
        <section aria-labelledby="account-meeting">
          <h2 id="account-meeting">Next meeting</h2>
          {nextMeeting ? (
            <>
              <p>
                <strong>{nextMeeting.title}</strong>
                <br />
                <time dateTime={nextMeeting.startsAt}>{formatMeetingDateTime(nextMeeting.startsAt, timeZone)}</time>
              </p>
              <p>
                <Link to={`/meetings/${nextMeeting.id}`}>View the meeting</Link>
              </p>
            </>
          ) : (
            <p className="muted">No meeting is scheduled yet.</p>
          )}
        </section>
        <section aria-labelledby="account-calendar" className="account-calendar">
          <h2 id="account-calendar">Meetings in your calendar</h2>
          <CalendarAddress url={calendarUrl} />
        </section>
        {member.isAdmin ? (
          <section aria-labelledby="account-admin">
            <h2 id="account-admin">Admin</h2>
            <p>Invite people and manage the club's members.</p>
            <p>
              <Link to="/admin/members" className="button">
                Manage Members
              </Link>
            </p>
          </section>
        ) : null}
      </div>
    </section>
  );
}
