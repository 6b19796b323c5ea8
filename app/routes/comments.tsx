import { Outlet } from "react-router";
import type { Route } from "./+types/comments";
import { CommentFeed } from "~/components/comments/comment-feed";
import { TitledPage } from "~/components/page-title";
import { Pager } from "~/components/pager";
import { neighbourLinks } from "~/components/detail/neighbour-links";
import type { PhotoDetailProps } from "~/components/photo-detail";
import { loadPhotoEditForm } from "~/components/load-photo-edit-form";
import { pageFrom } from "~/lib/photo-sorts";
import { idParam } from "~/services/id-params.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { photoDetail } from "~/services/photos/detail.server";
import { PHOTO_NOT_FOUND_MESSAGE } from "~/services/photos/ownership.server";
import { listComments } from "~/services/ratings/comments.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /comments: the club's recent comments, newest first, paged.
// /comments/{photoId}: that photo's detail in place of the list (its child route), opened on
// its comments, moving through the photos in the order of their latest comment.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const listPage = pageFrom(new URL(request.url).searchParams.get("page"));
  if (params.photoId) {
    const photoId = idParam(PHOTO_NOT_FOUND_MESSAGE)(params.photoId);
    await loadPhotoEditForm();
    return { listPage, detail: await photoDetail(member, photoId, { kind: "commented" }), feed: null };
  }
  return { listPage, detail: null, feed: await listComments(member, { page: listPage }) };
});

// The photo detail's forms (rate, comment, edit, delete, the owner's tools) post here.
export const action = photoFormAction;

export { shouldRevalidate } from "~/routes/photos/photo-grid-route";

const atPage = (path: string, listPage: number) => (listPage > 1 ? `${path}?page=${listPage}` : path);

export default function CommentsPage({ loaderData }: Route.ComponentProps) {
  const { listPage, detail, feed } = loaderData;
  return (
    <TitledPage title="Comments">
      {detail ? (
        <Outlet
          context={
            {
              detail,
              defaultTab: "comments",
              // The list's page rides along, so 'Back to list' returns to it.
              links: neighbourLinks(
                detail,
                (neighbour) => atPage(`/comments/${neighbour.id}`, listPage),
                atPage("/comments", listPage),
              ),
            } satisfies PhotoDetailProps
          }
        />
      ) : feed ? (
        <>
          <CommentFeed comments={feed.comments} hrefFor={(photoId) => atPage(`/comments/${photoId}`, feed.page)} />
          <Pager page={feed.page} pageCount={feed.pageCount} />
        </>
      ) : null}
    </TitledPage>
  );
}
