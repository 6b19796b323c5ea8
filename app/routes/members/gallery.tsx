import { Link, redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { MemberHeader } from "~/components/member-header";
import { PageTitle } from "~/components/page-title";
import { Pager } from "~/components/pager";
import { neighbourLinks, PhotoDetail } from "~/components/photo-detail";
import { PhotoGrid } from "~/components/photo-grid";
import { SortableYearGrid } from "~/components/sortable-year-grid";
import { SortSelector } from "~/components/sort-selector";
import { YearPager } from "~/components/year-pager";
import { listQuery, pageFrom, sortFrom } from "~/lib/photo-schemas";
import { idParam } from "~/server/api.server";
import { page } from "~/server/pages.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { galleryYearParam } from "~/routes/photos/photo-params.server";
import { currentMember } from "~/services/auth/session.server";
import { findMemberForPage } from "~/services/members/members.server";
import { photoDetail } from "~/services/photos/detail.server";
import { galleryFrame, galleryYearOf } from "~/services/photos/galleries.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";
import { listFeaturedPhotos, listPhotos } from "~/services/photos/photos.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /members/{username}/{year}/{photoId?}: a member's gallery. 'all' (members only)
// lists every photo with a sort and pager; a year lists its featured photos in
// position order; a photo id opens the detail in place of the list.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const viewer = await currentMember(request);
  const year = galleryYearParam(params.year);
  const member = await findMemberForPage(params.username, viewer);
  const search = new URL(request.url).searchParams;
  const sort = sortFrom(search.get("sort"));
  const gallery = { member, ...galleryFrame(viewer, member, year), year, sort };

  if (params.photoId) {
    const photoId = idParam(PHOTO_NOT_FOUND_MESSAGE)(params.photoId);
    if (year === "all") {
      const detail = await photoDetail(viewer, photoId, { kind: "sorted", userId: member.id, sort });
      return { ...gallery, detail, list: null, featured: null };
    }
    // A photo moved out of this year (its owner just changed it) is followed to where it is now.
    const now = await galleryYearOf(viewer, member.id, photoId);
    if (now !== null && now !== year)
      throw redirect(`/members/${encodeURIComponent(member.username)}/${now}/${photoId}`);
    const detail = await photoDetail(viewer, photoId, { kind: "year", userId: member.id, year });
    return { ...gallery, detail, list: null, featured: null };
  }
  if (year === "all") {
    const list = await listPhotos(viewer, { userId: member.id, page: pageFrom(search.get("page")), sort });
    return { ...gallery, detail: null, list, featured: null };
  }
  return { ...gallery, detail: null, list: null, featured: await listFeaturedPhotos(viewer, member.id, year) };
});

export const action = photoFormAction;

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { member, isOwner, isMember, years, year, sort, detail, list, featured } = loaderData;
  const base = `/members/${encodeURIComponent(member.username)}/${year}`;
  const href = (path: string, page?: number) => `${base}${path}${year === "all" ? listQuery(sort, page) : ""}`;

  return (
    <section>
      <PageTitle>{`${member.firstName} ${member.lastName}`}</PageTitle>
      <MemberHeader member={member} isOwner={isOwner} />
      {isOwner ? (
        <p>
          <Link to="/upload" className="button">
            Upload Photos
          </Link>
        </p>
      ) : null}
      <YearPager username={member.username} years={years} showAll={isMember} current={year} />
      {detail ? (
        <PhotoDetail
          detail={detail}
          links={neighbourLinks(detail, (neighbour) => href(`/${neighbour.id}`, neighbour.page), href("", detail.page))}
        />
      ) : list ? (
        <>
          <div className="list-toolbar">
            <SortSelector sort={sort} />
          </div>
          <PhotoGrid photos={list.photos} label="Photos" hrefFor={(photo) => href(`/${photo.id}`, list.page)} />
          <Pager page={list.page} pageCount={list.pageCount} />
        </>
      ) : featured && isOwner && year !== "all" ? (
        <SortableYearGrid photos={featured} year={year} hrefFor={(photo) => href(`/${photo.id}`)} />
      ) : featured ? (
        <PhotoGrid photos={featured} label={`Featured photos of ${year}`} hrefFor={(photo) => href(`/${photo.id}`)} />
      ) : null}
    </section>
  );
}
