import { Link } from "react-router";
import type { Route } from "./+types/standings";
import { PageTitle } from "~/components/page-title";
import { PhotosOfTheYear, StandingsTable } from "~/components/results/standings-table";
import { CategorySeason } from "~/components/season/category-standings";
import "~/components/photos.css";
import "~/components/results/results.css";
import "~/components/season/season.css";
import { StandingsQuerySchema } from "~/lib/results-schemas";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { NotFoundError } from "~/services/errors.server";
import { standings } from "~/services/meetings/standings.server";
import { categoryStandings } from "~/services/competitions/season.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/standings?year=YYYY[&category=Name]: the season's standings and its 'Photos of the year'
// candidates (members), and the year's competitions' points table of a category (the first by default).
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const query = StandingsQuerySchema.safeParse({
    year: params.get("year") ?? undefined,
    category: params.get("category") ?? undefined,
  });
  // '?year=soon' names no season.
  if (!query.success) throw new NotFoundError("There are no standings at this address.");
  const { year, category } = query.data;
  // No category named: the year's first, when its competitions have any.
  const [season, competitions] = await Promise.all([
    standings(member, year),
    categoryStandings(member, year, category),
  ]);
  return { standings: season, competitions: competitions.categories.length || category ? competitions : null };
});

function YearLinks({ years, current }: { years: number[]; current: number }) {
  return (
    <nav className="year-pager" aria-label="Years">
      <ul>
        {years.map((year) => (
          <li key={year}>
            <Link to={`/meetings/standings?year=${year}`} aria-current={year === current ? "page" : undefined}>
              {year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function StandingsPage({ loaderData }: Route.ComponentProps) {
  const { standings: season, competitions } = loaderData;
  return (
    <section className="standings-page">
      <PageTitle>{`Standings ${season.year}`}</PageTitle>
      <div className="page-heading">
        <h1>Standings {season.year}</h1>
        <Link to="/meetings" className="button">
          Meetings
        </Link>
      </div>
      <YearLinks years={season.years} current={season.year} />
      <section aria-labelledby="season-table" className="standings-section">
        <h2 id="season-table">The season</h2>
        {season.standings.length ? (
          <>
            <StandingsTable rows={season.standings} year={season.year} />
            <p className="muted results-rule">
              Placings are photos in the first three places of a critique night: {season.placingPoints.first},{" "}
              {season.placingPoints.second} and {season.placingPoints.third} points. Photos with the same average and
              the same number of ratings share a place and its points. Sorted by points, then by the average of the
              ratings received from other members. Anonymous meetings count once their names are revealed.
            </p>
          </>
        ) : (
          <p className="muted">No photos were submitted to a critique night in {season.year}.</p>
        )}
      </section>
      {competitions ? <CategorySeason season={competitions} /> : null}
      {season.photosOfTheYear.length ? (
        <section aria-labelledby="photos-of-the-year" className="standings-section">
          <h2 id="photos-of-the-year">Photos of the year</h2>
          <p className="muted">The year's highest-rated photos: the candidates for photo of the year.</p>
          <PhotosOfTheYear photos={season.photosOfTheYear} />
        </section>
      ) : null}
    </section>
  );
}
