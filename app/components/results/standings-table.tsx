import { Link } from "react-router";
import type { PhotoOfTheYearJson, StandingJson } from "~/lib/results";
import { photoLabel } from "~/lib/photo-label";
import { authorName, plural } from "~/lib/results";
import { RatingFigure, Thumb } from "./result-rows";

/** The columns of figures after the member's name, in the order of each row's cells. */
const FIGURE_COLUMNS = ["Points", "Placings", "Average", "Meetings", "Photos"];
/** The columns a phone folds under the member's name (standing-counts) to keep the table within the screen. */
const FOLDED = new Set(["Meetings", "Photos"]);

/** The season's table: position, member, points, placings, average, meetings and photos. */
export function StandingsTable({ rows, year }: { rows: StandingJson[]; year: number }) {
  return (
    <div className="table-frame">
      <table className="card-table standings-table" aria-label={`Standings ${year}`}>
        <thead>
          <tr>
            <th scope="col" className="number">
              #
            </th>
            <th scope="col">Member</th>
            {FIGURE_COLUMNS.map((column) => (
              <th key={column} scope="col" className={FOLDED.has(column) ? "number folded" : "number"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.User.id} className={row.placings > 0 ? "placed" : undefined}>
              <td className="number">{row.position}</td>
              <th scope="row">
                <Link to={`/members/${encodeURIComponent(row.User.username)}`}>{authorName(row.User)}</Link>
                <span className="standing-counts">
                  {plural(row.meetingsEntered, "meeting", "meetings")} ·{" "}
                  {plural(row.photosSubmitted, "photo", "photos")}
                </span>
              </th>
              <td className="number points">{row.points}</td>
              <td className="number">{row.placings}</td>
              <td className="number">
                <RatingFigure rating={row.averageRating} />
                <span className="visually-hidden">, from {plural(row.ratingsReceived, "rating", "ratings")}</span>
              </td>
              <td className="number folded">{row.meetingsEntered}</td>
              <td className="number folded">{row.photosSubmitted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The year's twelve highest-rated photos, each with its author, marks and meeting. */
export function PhotosOfTheYear({ photos }: { photos: PhotoOfTheYearJson[] }) {
  return (
    <ol className="year-candidates">
      {photos.map((candidate) => (
        <li key={candidate.Photo.id}>
          <Thumb
            photo={candidate.Photo}
            label={photoLabel({ caption: candidate.Photo.caption, User: candidate.User })}
            meetingId={candidate.Meeting.id}
            sizes="(max-width: 559px) 45vw, 16rem"
          />
          <div className="result-facts">
            <p className="result-title">{photoLabel({ caption: candidate.Photo.caption, User: candidate.User })}</p>
            <p>
              <Link className="result-author" to={`/members/${encodeURIComponent(candidate.User.username)}`}>
                {authorName(candidate.User)}
              </Link>
            </p>
            <p className="result-marks">
              <RatingFigure rating={candidate.rating} />
              <span className="result-counts">{plural(candidate.ratingCount, "rating", "ratings")}</span>
            </p>
            <p className="result-counts">
              <Link to={`/meetings/${candidate.Meeting.id}/results`}>{candidate.Meeting.title}</Link>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
