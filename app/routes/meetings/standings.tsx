import { Link } from "react-router";
import type { Route } from "./+types/standings";
import { PageTitle } from "~/components/page-title";
import { PhotosOfTheYear, StandingsTable } from "~/components/results/standings-table";
import "~/components/photos.css";
import "~/components/results/results.css";
import { StandingsQuerySchema } from "~/lib/results-schemas";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { NotFoundError } from "~/services/errors.server";
import { standings } from "~/services/meetings/standings.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/standings?year=YYYY: the season's standings and its 'Photos of the year' candidates (members).
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const query = StandingsQuerySchema.safeParse({ year: new URL(request.url).searchParams.get("year") ?? undefined });
  // '?year=soon' names no season.
  if (!query.success) throw new NotFoundError("There are no standings at this address.");
  return { standings: await standings(member, query.data.year) };
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
  const { standings: season } = loaderData;
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
              Placings are photos in the first three places of a night: {season.placingPoints.first},{" "}
              {season.placingPoints.second} and {season.placingPoints.third} points. Photos with the same average and
              the same number of ratings share a place and its points. Sorted by points, then by the average of the
              ratings received from other members. Anonymous meetings count once their names are revealed.
            </p>
          </>
        ) : (
          <p className="muted">No photos were submitted to a meeting in {season.year}.</p>
        )}
      </section>
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
