// The competition season on the standings page: the year's categories as links (the category is in the
// address, so choosing works without a script) and the chosen category's points table.
import { Link } from "react-router";
import { AWARD_LABELS, AWARDS } from "~/lib/awards";
import { authorName, plural } from "~/lib/results";
import type { CategoryStandingsJson } from "~/lib/season";

export function categoryAddress(year: number, category: string) {
  return `/meetings/standings?year=${year}&category=${encodeURIComponent(category)}`;
}

function CategoryLinks({ season }: { season: CategoryStandingsJson }) {
  const current = season.category.toLowerCase();
  return (
    <nav className="category-links" aria-label="Categories">
      <ul>
        {season.categories.map((name) => (
          <li key={name}>
            <Link
              to={categoryAddress(season.year, name)}
              aria-current={name.toLowerCase() === current ? "page" : undefined}
              preventScrollReset
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** '1st ×1 · HC ×2': a member's awards in a line (a phone's folded columns). */
function awardsLine(awards: CategoryStandingsJson["standings"][number]["awards"]) {
  const won = AWARDS.filter((award) => awards[award] > 0).map((award) => `${award} ×${awards[award]}`);
  return won.length ? won.join(" · ") : "no awards";
}

function CategoryTable({ season }: { season: CategoryStandingsJson }) {
  return (
    <div className="table-frame">
      <table className="card-table standings-table category-table" aria-label={`${season.category} ${season.year}`}>
        <thead>
          <tr>
            <th scope="col" className="number">
              #
            </th>
            <th scope="col">Member</th>
            <th scope="col" className="number folded">
              Entries
            </th>
            <th scope="col" className="number">
              Average
            </th>
            {AWARDS.map((award) => (
              <th key={award} scope="col" className="number folded">
                <abbr title={AWARD_LABELS[award]}>{award}</abbr>
              </th>
            ))}
            <th scope="col" className="number">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {season.standings.map((row) => (
            <tr key={row.User.id}>
              <td className="number">{row.position}</td>
              <th scope="row">
                <Link to={`/members/${encodeURIComponent(row.User.username)}`}>{authorName(row.User)}</Link>
                <span className="standing-counts">
                  {plural(row.entries, "entry", "entries")} · {awardsLine(row.awards)}
                </span>
              </th>
              <td className="number folded">{row.entries}</td>
              <td className="number">{row.averageScore ?? "–"}</td>
              {AWARDS.map((award) => (
                <td key={award} className="number folded">
                  {row.awards[award]}
                </td>
              ))}
              <td className="number points">{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The section: the categories, the chosen one's table, and how its points are counted. */
export function CategorySeason({ season }: { season: CategoryStandingsJson }) {
  const { awardPoints, scoredEntryPoints } = season;
  return (
    <section aria-labelledby="competition-season" className="standings-section">
      <h2 id="competition-season">Competitions: {season.category}</h2>
      <CategoryLinks season={season} />
      {season.standings.length ? (
        <CategoryTable season={season} />
      ) : (
        <p className="muted">
          No entries in {season.category} were judged in a published competition of {season.year}.
        </p>
      )}
      <p className="muted results-rule">
        Points for each award: 1st {awardPoints["1st"]}, 2nd {awardPoints["2nd"]}, 3rd {awardPoints["3rd"]}, Highly
        Commended {awardPoints.HC}, and {plural(scoredEntryPoints, "point", "points")} for each entry the judge scored.
        Sorted by points. A competition counts once its results are published; the average is of the judge&apos;s
        scores.
      </p>
    </section>
  );
}
