import { Link } from "react-router";
import type { Route } from "./+types/index";
import { Avatar } from "~/components/avatar";
import { PageTitle } from "~/components/page-title";
import "~/components/members.css";
import { isAdmin } from "~/services/access.server";
import { currentMember } from "~/services/auth/session.server";
import { listMembers, toPublicMemberJson } from "~/services/members/members.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// The directory (visitors too): active members, only the public ones for a visitor.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const viewer = await currentMember(request);
  const members = await listMembers(viewer);
  return { members: members.map(toPublicMemberJson), isAdmin: isAdmin(viewer) };
});

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  const { members, isAdmin } = loaderData;
  return (
    <section>
      <PageTitle>Members</PageTitle>
      <div className="page-heading">
        <h1>Members</h1>
        {isAdmin ? (
          <Link to="/admin/members" className="button">
            Manage Members
          </Link>
        ) : null}
      </div>
      {members.length ? (
        <ul className="member-directory">
          {members.map((member) => (
            <li key={member.id}>
              <Link to={`/members/${encodeURIComponent(member.username)}`} className="member-card">
                <Avatar member={member} size={88} />
                <span>
                  {member.firstName} {member.lastName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No members to show yet.</p>
      )}
    </section>
  );
}
