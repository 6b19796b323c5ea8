import { Link, Outlet, redirect } from "react-router";
import type { Route } from "./+types/gallery";
import { MemberHeader } from "~/components/member-header";
import { PageTitle } from "~/components/page-title";
import { Pager } from "~/components/pager";
import { neighbourLinks } from "~/components/detail/neighbour-links";
import type { PhotoDetailProps } from "~/components/photo-detail";
import { loadPhotoEditForm } from "~/components/load-photo-edit-form";
import { PhotoGrid } from "~/components/photo-grid";
import { LazySortableYearGrid, loadSortableYearGrid } from "~/components/lazy-sortable-year-grid";
import { SortSelector } from "~/components/sort-selector";
import { YearPager } from "~/components/year-pager";
import { listQuery, pageFrom, sortFrom } from "~/lib/photo-sorts";
import { idParam } from "~/services/id-params.server";
import { page } from "~/server/pages.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { galleryYearParam } from "~/routes/photos/photo-params.server";
import { currentMember } from "~/services/auth/session.server";
import { findMemberForPage } from "~/services/members/members.server";
import { photoDetail } from "~/services/photos/detail.server";
import { featuredYearsOf, galleryFrame, galleryYearOf } from "~/services/photos/galleries.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";
import { listFeaturedPhotos, listPhotos } from "~/services/photos/photos.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /members/{username}/{year}/{photoId?}: a member's gallery. 'all' (members only)
// lists every photo with a sort and pager; a year lists its featured photos in
// position order; a photo id opens the detail in place of the list (its child route).
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const viewer = await currentMember(request);
  const year = galleryYearParam(params.year);
  const member = await findMemberForPage(params.username, viewer);
  const search = new URL(request.url).searchParams;
  const sort = sortFrom(search.get("sort"));
  const gallery = { member, ...galleryFrame(viewer, member, year), year, sort, otherYears: [] as number[] };

  if (params.photoId) {
    const photoId = idParam(PHOTO_NOT_FOUND_MESSAGE)(params.photoId);
    await loadPhotoEditForm();
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
  const featured = await listFeaturedPhotos(viewer, member.id, year);
  if (gallery.isOwner) await loadSortableYearGrid();
  // An empty year (a visitor is sent to last year's, say) leads on to the years that have photos.
  const otherYears = featured.length ? [] : (await featuredYearsOf(viewer, member.id)).filter((y) => y !== year);
  return { ...gallery, detail: null, list: null, featured, otherYears };
});

export const action = photoFormAction;

export { shouldRevalidate } from "~/routes/photos/photo-grid-route";

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { member, isOwner, isMember, years, year, sort, detail, list, featured, otherYears } = loaderData;
  const name = `${member.firstName} ${member.lastName}`;
  const base = `/members/${encodeURIComponent(member.username)}/${year}`;
  const href = (path: string, page?: number) => `${base}${path}${year === "all" ? listQuery(sort, page) : ""}`;

  return (
    <section>
      <PageTitle>{name}</PageTitle>
      <MemberHeader member={member} isOwner={isOwner} />
      {isOwner ? (
        <p>
          <Link to="/upload" className="button">
            Upload Photos
          </Link>
        </p>
      ) : null}
      <YearPager username={member.username} years={years} showAll={isMember} current={year} />
      {detail ? null : (
        // Whose portfolio and which year: the page a visitor lands on may be a year with nothing in it.
        <h2 className="gallery-heading">
          {year === "all" ? `All of ${name}'s photos` : `${name}'s portfolio, ${year}`}
        </h2>
      )}
      {detail ? (
        <Outlet
          context={
            {
              detail,
              links: neighbourLinks(
                detail,
                (neighbour) => href(`/${neighbour.id}`, neighbour.page),
                href("", detail.page),
              ),
            } satisfies PhotoDetailProps
          }
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
        <LazySortableYearGrid photos={featured} year={year} hrefFor={(photo) => href(`/${photo.id}`)} />
      ) : featured ? (
        <PhotoGrid photos={featured} label={`Featured photos of ${year}`} hrefFor={(photo) => href(`/${photo.id}`)} />
      ) : null}
      {otherYears.length ? <OtherYears name={name} username={member.username} years={otherYears} /> : null}
    </section>
  );
}

/** The years in which the member has featured photos, from a year without any. */
function OtherYears({ name, username, years }: { name: string; username: string; years: number[] }) {
  return (
    <nav className="other-years" aria-label="Years with photos">
      <span>{name} has featured photos in</span>
      <ul>
        {years.map((year) => (
          <li key={year}>
            <Link to={`/members/${encodeURIComponent(username)}/${year}`}>{year}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
