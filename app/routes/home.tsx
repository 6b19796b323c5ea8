import type { Route } from "./+types/home";
import { PageTitle } from "~/components/page-title";
import { PhotoGrid } from "~/components/photo-grid";
import { useRootData } from "~/lib/root-data";
import { randomPhotos } from "~/services/photos/photos.server";
import { currentMember } from "~/services/auth/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Random featured photos: a different handful on every visit.
export async function loader({ request }: Route.LoaderArgs) {
  return { photos: await randomPhotos(await currentMember(request)) };
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
