// What a page gives the full-screen viewer. Kept apart from the viewer itself,
// which is loaded only when a photo is first shown full screen: the photo
// detail names these types without pulling the viewer into its own bundle.
import type { Viewer } from "~/lib/realtime-events";
import type { FractionRect } from "~/lib/viewer-geometry";

export type ViewerMeeting = {
  id: number;
  timeZone: string;
  /** Photos still to review, the one on screen included (for the time per photo). */
  photosLeft: number;
  /** The full-screen address of another photo of the meeting (where following the leader goes). */
  photoHref: (photoId: number) => string;
};

export type ViewerPhoto = {
  id: number;
  caption: string | null;
  largeUrl: string | null;
  thumbUrl: string | null;
  /** null while an anonymous review hides the author. */
  User: { id: number; firstName: string; lastName: string; username: string } | null;
};

/** What is offered beside the member's ended crop, given the crop and how to take it away. */
export type CropActions = (crop: FractionRect, clear: () => void) => React.ReactNode;

export type PhotoViewerProps = {
  photo: ViewerPhoto;
  alt: string;
  /** Full-screen addresses of the neighbours in the list's order. */
  previous: string | null;
  next: string | null;
  /** Where Exit (and Esc) goes: the photo detail. */
  exitHref: string;
  /** The logged-in member (null for a visitor: no live layer at all). */
  member: Viewer | null;
  /** The rating control, for members. */
  rating?: React.ReactNode;
  /** The meeting the photo is reviewed in: its timer and following the leader. */
  meeting: ViewerMeeting | null;
  /** A rectangle to show on opening (image fractions), e.g. from `crop=x,y,w,h`. */
  highlight?: FractionRect | null;
  /** What is offered beside this member's crop once it is ended (the photo detail gives 'Comment on this crop'). */
  cropActions?: CropActions;
};
