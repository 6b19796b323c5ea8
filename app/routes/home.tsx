import type { Route } from "./+types/home";
import { ClubIntro } from "~/components/club-intro";
import { FirstStepsPanel } from "~/components/first-steps";
import { PageTitle } from "~/components/page-title";
import { PhotoGrid } from "~/components/photo-grid";
import { useRootData } from "~/components/root-data";
import { toFeaturedGridPhoto } from "~/services/photos/grid.server";
import { RANDOM_PHOTO_COUNT, randomPhotos } from "~/services/photos/photos.server";
import { currentMember } from "~/services/auth/session.server";
import { firstSteps } from "~/services/club/first-steps.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Random featured photos: a different handful on every visit.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  // The member's lookup and the photos share one read of the data versions (requestVersions).
  const viewer = await currentMember(request);
  const photos = (await randomPhotos(viewer, RANDOM_PHOTO_COUNT)).map(toFeaturedGridPhoto);
  // An admin of a club with nothing to show yet gets its first steps instead of an empty page.
  return { photos, firstSteps: await firstSteps(viewer, photos.length > 0) };
});

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const siteTitle = useRootData()?.siteTitle;
  return (
    <section>
      <PageTitle>Home</PageTitle>
      <ClubIntro name={siteTitle ?? ""} />
      {loaderData.firstSteps ? (
        <FirstStepsPanel steps={loaderData.firstSteps} clubName={siteTitle ?? ""} />
      ) : (
        <PhotoGrid
          photos={loaderData.photos}
          label="Featured photos"
          showText
          hrefFor={(photo) =>
            // Every photo here has its author: a hidden one is its owner's own (access.server: photosListedTo).
            photo.User
              ? `/members/${encodeURIComponent(photo.User.username)}/${photo.Feature?.year}/${photo.id}`
              : `/browse/${photo.id}`
          }
        />
      )}
    </section>
  );
}
