import { Outlet } from "react-router";
import type { Route } from "./+types/browse";
import { TitledPage } from "~/components/page-title";
import { Pager } from "~/components/pager";
import { neighbourLinks } from "~/components/detail/neighbour-links";
import type { PhotoDetailProps } from "~/components/photo-detail";
import { loadPhotoEditForm } from "~/components/load-photo-edit-form";
import { PhotoGrid } from "~/components/photo-grid";
import { SortSelector } from "~/components/sort-selector";
import { listQuery, pageFrom, sortFrom, type PhotoSort } from "~/lib/photo-sorts";
import { idParam } from "~/services/id-params.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { photoDetail } from "~/services/photos/detail.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";
import { toGridPhoto } from "~/services/photos/grid.server";
import { listPhotos } from "~/services/photos/photos.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  // The member's lookup and the photos share one read of the data versions (requestVersions).
  const member = await requireMember(request);
  const search = new URL(request.url).searchParams;
  const sort = sortFrom(search.get("sort"));
  if (params.photoId) {
    const photoId = idParam(PHOTO_NOT_FOUND_MESSAGE)(params.photoId);
    await loadPhotoEditForm();
    return { sort, detail: await photoDetail(member, photoId, { kind: "sorted", sort }), list: null };
  }
  const listed = await listPhotos(member, { page: pageFrom(search.get("page")), sort });
  // Only what the grid and the pager draw: every field here is encoded into the page.
  const list = { photos: listed.photos.map(toGridPhoto), page: listed.page, pageCount: listed.pageCount };
  return { sort, detail: null, list };
});

export const action = photoFormAction;

export { shouldRevalidate } from "~/routes/photos/photo-grid-route";

const browseHref = (path: string, sort: PhotoSort, page?: number) => `/browse${path}${listQuery(sort, page)}`;

export default function BrowsePage({ loaderData }: Route.ComponentProps) {
  const { sort, detail, list } = loaderData;
  return (
    <TitledPage title="Browse">
      {detail ? (
        <Outlet
          context={
            {
              detail,
              links: neighbourLinks(
                detail,
                (neighbour) => browseHref(`/${neighbour.id}`, sort, neighbour.page),
                browseHref("", sort, detail.page),
              ),
            } satisfies PhotoDetailProps
          }
        />
      ) : list ? (
        <>
          <div className="list-toolbar">
            <SortSelector sort={sort} />
          </div>
          <PhotoGrid
            photos={list.photos}
            label="Photos"
            hrefFor={(photo) => browseHref(`/${photo.id}`, sort, list.page)}
          />
          <Pager page={list.page} pageCount={list.pageCount} />
        </>
      ) : null}
    </TitledPage>
  );
}
