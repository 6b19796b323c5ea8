import { Link } from "react-router";
import type { FirstSteps } from "~/lib/first-steps";

/**
 * An admin's home page while the club has no photos to show (a new club): what
 * to do first, instead of an empty grid. Each step is a link to its screen.
 */
export function FirstStepsPanel({ steps, clubName }: { steps: FirstSteps; clubName: string }) {
  return (
    <section className="first-steps" aria-labelledby="first-steps">
      <h2 id="first-steps">Getting started</h2>
      <p>The club&apos;s featured photos will show here. To get the club going:</p>
      <ol>
        <li>
          <Link to="/admin/members/invite">Invite members</Link>: each gets an e-mail with a link to join. Without a
          mail server, hand them the link shown under Manage Members.
        </li>
        {steps.meetingScheduled ? null : (
          <li>
            <Link to="/meetings/new">Schedule the first meeting</Link>: members upload their photos for it, and you look
            at them together.
          </li>
        )}
        <li>
          <Link to="/admin/club">Change the club&apos;s name</Link> if {clubName} is not it.
        </li>
      </ol>
    </section>
  );
}
