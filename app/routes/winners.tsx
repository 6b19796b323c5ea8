import { Link } from "react-router";
import type { Route } from "./+types/winners";
import { PageTitle } from "~/components/page-title";
import { WinnersCompetition } from "~/components/season/winners-gallery";
import "~/components/photos.css";
import "~/components/season/season.css";
import { WinnersQuerySchema } from "~/lib/results-schemas";
import { page } from "~/server/pages.server";
import { NotFoundError } from "~/services/errors.server";
import { NO_WINNERS_GALLERY_MESSAGE, winnersGallery } from "~/services/competitions/winners.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /winners?year=YYYY: the year's awarded competition photos of public members, for visitors and members,
// while the club shows its winners gallery (a club setting); a 404 for everyone while it is off.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const query = WinnersQuerySchema.safeParse({ year: new URL(request.url).searchParams.get("year") ?? undefined });
  if (!query.success) throw new NotFoundError(NO_WINNERS_GALLERY_MESSAGE);
  return { gallery: await winnersGallery(query.data.year) };
});

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { gallery } = loaderData;
  return (
    <section className="winners-page">
      <PageTitle>{`Winners ${gallery.year}`}</PageTitle>
      <h1>Winners {gallery.year}</h1>
      <p className="muted">The awards of the club&apos;s competitions, chosen by each night&apos;s outside judge.</p>
      <nav className="year-pager" aria-label="Years">
        <ul>
          {gallery.years.map((year) => (
            <li key={year}>
              <Link to={`/winners?year=${year}`} aria-current={year === gallery.year ? "page" : undefined}>
                {year}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {gallery.competitions.length ? (
        gallery.competitions.map((competition) => <WinnersCompetition key={competition.id} competition={competition} />)
      ) : (
        <p className="muted">No competition results of {gallery.year} are in the gallery yet.</p>
      )}
    </section>
  );
}
