// The presenter's screen's data (/meetings/{id}/present): the meeting's photos
// in the order its page shows them (the member's `sort`), each with only what a
// shared screen shows: the image, the caption and who made it.
//
// The screen is what the call sees, so while an anonymous meeting is not
// revealed it names nobody, the presenting member's own photos included (the
// JSON still names a photo to its owner; the shared screen must not).
import { isUnrevealed } from "~/services/access.server";
import type { PresenterSlide } from "~/components/presenter/presenter-steps";
import type { MeetingView } from "~/services/meetings/meeting-view.server";
import type { ScreenEntry } from "~/services/competitions/entry-screen.server";

/** A competition's screen: its entries by photo, and whether this member (an admin) may show their results. */
type CompetitionScreen = { entries: Map<number, ScreenEntry>; mayShowResults: boolean };

export function presenterData(view: MeetingView, competition: CompetitionScreen | null = null) {
  const { meeting } = view;
  const hidden = isUnrevealed(meeting);
  const photos = new Map(meeting.MeetingSubmissions.map(({ Photo }) => [Photo.id, Photo]));
  const slides = view.photoOrder.flatMap((photoId): PresenterSlide[] => {
    const photo = photos.get(photoId);
    if (!photo) return [];
    const { User: owner } = photo;
    return [
      {
        id: photo.id,
        caption: photo.caption,
        largeUrl: photo.largeUrl,
        thumbUrl: photo.thumbUrl,
        width: photo.width,
        height: photo.height,
        // A competition's entry is named by its category and number; its author comes with its result.
        author: !hidden && owner && !competition ? `${owner.firstName} ${owner.lastName}` : null,
        entry: competition?.entries.get(photo.id) ?? null,
      },
    ];
  });
  return {
    meeting: { id: meeting.id },
    title: view.title,
    timeZone: view.timeZone,
    slides,
    competition: competition ? { mayShowResults: competition.mayShowResults } : null,
  };
}

export type PresenterData = ReturnType<typeof presenterData>;
