import type { Route } from "./+types/home";
import { PageTitle } from "~/components/page-title";
import { PhotoGrid } from "~/components/photo-grid";
import { useRootData } from "~/lib/root-data";
import { toGridPhoto } from "~/services/photos/grid.server";
import { RANDOM_PHOTO_COUNT, randomPhotos } from "~/services/photos/photos.server";
import { photoVersions } from "~/services/photos/queries.server";
import { currentMember } from "~/services/auth/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Random featured photos: a different handful on every visit.
export async function loader({ request }: Route.LoaderArgs) {
  // Asked at once, the member's lookup and the photos' versions share one read of the data versions.
  const [viewer, at] = await Promise.all([currentMember(request), photoVersions()]);
  return { photos: (await randomPhotos(viewer, RANDOM_PHOTO_COUNT, at)).map(toGridPhoto) };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const siteTitle = useRootData()?.siteTitle;
  return (
    <section>
      <PageTitle>Home</PageTitle>
      <h1 className="visually-hidden">{siteTitle}</h1>
      <PhotoGrid
        photos={loaderData.photos}
        label="Featured photos"
        showText
        hrefFor={(photo) => `/members/${encodeURIComponent(photo.User.username)}/${photo.Feature?.year}/${photo.id}`}
      />
    </section>
  );
}
