// A meeting's photo opened in place of its submissions: the child route of the meeting page
// (app/routes.ts), as routes/photo-detail.tsx is of the other grids, but with the meeting
// page's action (its sort toggle posts from here to this address).
import { useOutletContext } from "react-router";
import { PhotoDetail, type PhotoDetailProps } from "~/components/photo-detail";
import { meetingPageAction } from "./meeting-forms.server";
import "~/components/photos.css";
import "~/components/photo-page.css";
import "~/components/photo-card.css";
import "~/components/forms/length-counter.css";
import "~/components/comments/comments.css";
import "~/components/detail/photo-tab-strip.css";

export const action = meetingPageAction;

export default function MeetingPhotoRoute() {
  return <PhotoDetail {...useOutletContext<PhotoDetailProps>()} />;
}
