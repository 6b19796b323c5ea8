import type { Route } from "./+types/browse";
import { PageTitle } from "~/components/page-title";
import { Pager } from "~/components/pager";
import { PhotoDetail } from "~/components/photo-detail";
import { PhotoGrid } from "~/components/photo-grid";
import { SortSelector } from "~/components/sort-selector";
import { pageFrom, sortFrom, type PhotoSort } from "~/lib/photo-schemas";
import { requireMember } from "~/server/guards.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { notFoundResponse, photoDetail } from "~/routes/photos/photo-pages.server";
import { listPhotos } from "~/services/photos/photos.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const search = new URL(request.url).searchParams;
  const sort = sortFrom(search.get("sort"));
  if (params.photoId) {
    const photoId = Number(params.photoId);
    if (!Number.isInteger(photoId) || photoId <= 0) throw notFoundResponse();
    return { sort, detail: await photoDetail(member, photoId, { kind: "sorted", sort }), list: null };
  }
  return { sort, detail: null, list: await listPhotos(member, { page: pageFrom(search.get("page")), sort }) };
}

export const action = ({ request }: Route.ActionArgs) => photoFormAction(request);

const browseHref = (path: string, sort: PhotoSort, page?: number) => {
  const params = new URLSearchParams();
  if (page && page > 1) params.set("page", String(page));
  if (sort !== "meeting") params.set("sort", sort);
  const query = params.toString();
  return `/browse${path}${query ? `?${query}` : ""}`;
};

export default function BrowsePage({ loaderData }: Route.ComponentProps) {
  const { sort, detail, list } = loaderData;
  return (
    <section>
      <PageTitle>Browse</PageTitle>
      <h1>Browse</h1>
      {detail ? (
        <PhotoDetail
          detail={detail}
          links={{
            previous: detail.previous ? browseHref(`/${detail.previous.id}`, sort, detail.previous.page) : null,
            next: detail.next ? browseHref(`/${detail.next.id}`, sort, detail.next.page) : null,
            back: browseHref("", sort, detail.page),
          }}
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
    </section>
  );
}
