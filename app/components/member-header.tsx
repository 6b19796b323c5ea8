import { Link } from "react-router";
import type { PublicMemberJson } from "~/lib/member-json";
import { Avatar } from "./avatar";
import "./members.css";

type HeaderMember = Pick<
  PublicMemberJson,
  "username" | "firstName" | "lastName" | "bio" | "website" | "pictureUrl" | "pictureThumbUrl"
>;

/** Only http(s) links become links: a stored value is never trusted to be safe to follow. */
function websiteHref(website: string | null): string | null {
  return website && /^https?:\/\//i.test(website) ? website : null;
}

/**
 * The top of every member page (/members/{username}/...): picture, name, bio,
 * website, and 'Edit Profile' for the member themself.
 */
export function MemberHeader({ member, isOwner }: { member: HeaderMember; isOwner: boolean }) {
  const href = websiteHref(member.website);
  return (
    <header className="member-header">
      <Avatar member={{ ...member, pictureThumbUrl: member.pictureUrl ?? member.pictureThumbUrl }} size={96} />
      <div className="member-header-text">
        <h1>
          {member.firstName} {member.lastName}
        </h1>
        {member.bio ? <p className="member-bio">{member.bio}</p> : null}
        {href ? (
          <p className="member-website">
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {href.replace(/^https?:\/\//i, "").replace(/\/$/, "")}
            </a>
          </p>
        ) : null}
      </div>
      {isOwner ? (
        <Link to={`/members/${encodeURIComponent(member.username)}/edit`} className="button member-header-edit">
          Edit Profile
        </Link>
      ) : null}
    </header>
  );
}
