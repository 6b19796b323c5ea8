import { Link } from "react-router";
import type { RatingEntry } from "~/lib/ratings";
import { RatingStars } from "../rating-stars";

export type MeetingPhoto = {
  id: number;
  caption: string | null;
  thumbUrl: string | null;
  UserId: number;
  Ratings: RatingEntry[];
};

export type SubmissionGroup = {
  author: { id: number; fullName: string; username: string };
  submissions: { id: number; position: number; photo: MeetingPhoto }[];
};

/**
 * The meeting's submissions author by author (in the meeting's order), each
 * author's photos by position, under their full name; every photo opens in
 * place and carries the member's rating stars.
 */
export function SubmissionGroups({
  meetingId,
  groups,
  memberId,
}: {
  meetingId: number;
  groups: SubmissionGroup[];
  memberId: number;
}) {
  if (groups.length === 0) return <p className="muted empty-meeting">Nobody has submitted photos yet.</p>;
  return (
    <div className="submission-groups">
      {groups.map((group) => {
        const headingId = `author-${group.author.id}`;
        const count = group.submissions.length;
        return (
          <section key={group.author.id} className="submission-group" aria-labelledby={headingId}>
            <h2 id={headingId}>
              <Link to={`/members/${encodeURIComponent(group.author.username)}`}>{group.author.fullName}</Link>
              <span className="group-count">
                {count} {count === 1 ? "photo" : "photos"}
              </span>
            </h2>
            <ul className="meeting-photos" aria-label={`Photos by ${group.author.fullName}`}>
              {group.submissions.map(({ photo, position }) => {
                const label = photo.caption || `Photo ${position} by ${group.author.fullName}`;
                return (
                  <li key={photo.id} className="meeting-photo" id={`photo-${photo.id}`}>
                    <Link to={`/meetings/${meetingId}/${photo.id}`} className="meeting-photo-image" aria-label={label}>
                      {photo.thumbUrl ? <img src={photo.thumbUrl} alt="" loading="lazy" /> : null}
                    </Link>
                    <div className="meeting-photo-text">
                      <p className="meeting-photo-caption">{photo.caption || "Untitled"}</p>
                      <RatingStars
                        photoId={photo.id}
                        memberId={memberId}
                        ownerId={photo.UserId}
                        ratings={photo.Ratings}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
