import { Link } from "react-router";
import { gridImageAttributes, MEETING_SIZES } from "~/lib/photo-images";
import type { RatingEntry, RatingSummary } from "~/lib/ratings";
import { RatingStars } from "../rating-stars";

export type MeetingPhoto = {
  id: number;
  caption: string | null;
  thumbUrl: string | null;
  /** null unless the viewer may know the author (an anonymous review hides it from all but the owner). */
  UserId: number | null;
  Ratings: RatingEntry[];
  /** The average and its count (RatingStars' summary). */
  rating: RatingSummary;
};

export type SubmissionGroup = {
  /** null: an anonymous meeting before its reveal, every photo in one group in the meeting's seeded order. */
  author: { id: number; fullName: string; username: string } | null;
  submissions: { id: number; position: number; photo: MeetingPhoto }[];
};

/**
 * The meeting's submissions author by author (in the meeting's order), each
 * author's photos by position, under their full name; every photo opens in
 * place and carries the member's rating stars. Before an anonymous meeting's
 * reveal, one group without a name; the member's own photos say so.
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
      {groups.map((group, groupIndex) => {
        const { author } = group;
        const headingId = author ? `author-${author.id}` : "anonymous-submissions";
        const count = group.submissions.length;
        return (
          <section key={author?.id ?? 0} className="submission-group" aria-labelledby={headingId}>
            <h2 id={headingId}>
              {author ? (
                <Link to={`/members/${encodeURIComponent(author.username)}`}>{author.fullName}</Link>
              ) : (
                "Anonymous review"
              )}
              <span className="group-count">
                {count} {count === 1 ? "photo" : "photos"}
              </span>
            </h2>
            <ul
              className="meeting-photos"
              aria-label={author ? `Photos by ${author.fullName}` : "Photos, names hidden"}
            >
              {group.submissions.map(({ photo, position }, index) => {
                const mine = photo.UserId === memberId;
                const label =
                  photo.caption || (author ? `Photo ${position} by ${author.fullName}` : `Photo ${position}`);
                return (
                  <li key={photo.id} className="meeting-photo" id={`photo-${photo.id}`}>
                    <Link
                      to={`/meetings/${meetingId}/${photo.id}`}
                      prefetch="intent"
                      className="meeting-photo-image"
                      aria-label={label}
                    >
                      {photo.thumbUrl ? (
                        <img
                          // The page's first photo is fetched first (first-photo-first.server.ts), the rest when scrolled near.
                          {...gridImageAttributes(
                            { thumbUrl: photo.thumbUrl },
                            groupIndex === 0 && index === 0 ? 0 : undefined,
                            MEETING_SIZES,
                          )}
                          alt=""
                        />
                      ) : null}
                    </Link>
                    <div className="meeting-photo-text">
                      {/* No caption, no line: the author is the group's heading. */}
                      {photo.caption ? <p className="meeting-photo-caption">{photo.caption}</p> : null}
                      {!author && mine ? <p className="meeting-photo-mine">Your photo</p> : null}
                      <RatingStars
                        photoId={photo.id}
                        memberId={memberId}
                        ownerId={photo.UserId}
                        ratings={photo.Ratings}
                        summary={photo.rating}
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
