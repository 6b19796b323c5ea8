import { Link } from "react-router";
import { formatMeetingDateTime } from "~/lib/club-time";
import type { MeetingListItem } from "~/lib/meeting-json";

/**
 * A section of /meetings as a table: Date/Time on the club's clock, Topic (its
 * first line) and My Uploads (the member's thumbnails by position). The
 * Date/Time is a real link to the meeting, stretched over the whole row, so a
 * click anywhere on the row opens it, and a keyboard or a page without
 * JavaScript reaches it the same way.
 */
export function MeetingTable({
  label,
  meetings,
  timeZone,
  highlight = false,
}: {
  label: string;
  meetings: MeetingListItem[];
  timeZone: string;
  highlight?: boolean;
}) {
  return (
    <div className="table-frame">
      <table className={highlight ? "card-table meeting-table next" : "card-table meeting-table"} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Date/Time</th>
            <th scope="col">Topic</th>
            <th scope="col">My Uploads</th>
          </tr>
        </thead>
        <tbody>
          {meetings.map((meeting) => (
            <tr key={meeting.id} className="meeting-row">
              <td className="meeting-when">
                <Link to={`/meetings/${meeting.id}`} className="row-link">
                  <time dateTime={meeting.startsAt}>{formatMeetingDateTime(meeting.startsAt, timeZone)}</time>
                </Link>
              </td>
              <td className="meeting-topic">{meeting.title}</td>
              <td className="meeting-uploads">
                {meeting.myUploads.length ? (
                  <ul className="upload-thumbs" aria-label="My Uploads">
                    {meeting.myUploads.map((upload) => (
                      <li key={upload.id}>
                        {upload.thumbUrl ? (
                          <img src={upload.thumbUrl} alt={`My upload ${upload.position}`} loading="lazy" />
                        ) : (
                          <span className="thumb-missing" aria-label={`My upload ${upload.position}`} />
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
