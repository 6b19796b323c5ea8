// A photo opened from a grid: the child route of /browse, /comments and a gallery
// (app/routes.ts), so the detail's code is this route's chunk, which React Router
// fetches with the page that shows it, or when a pointer or the focus reaches a
// grid's link (prefetch="intent"), and never with a grid alone. The grid's route
// loads the detail's data and hands it here through its <Outlet context>.
import { useOutletContext } from "react-router";
import { PhotoDetail, type PhotoDetailProps } from "~/components/photo-detail";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
// The route's own styles, which React Router links in the page's head: the server's detail is styled before its script runs.
import "~/components/photos.css";
import "~/components/photo-page.css";
import "~/components/photo-card.css";
import "~/components/forms/length-counter.css";
import "~/components/comments/comments.css";
import "~/components/detail/photo-tab-strip.css";

// The detail's forms (rate, comment, edit, delete, the owner's tools) post to its own address.
export const action = photoFormAction;

export default function PhotoDetailRoute() {
  return <PhotoDetail {...useOutletContext<PhotoDetailProps>()} />;
}
