// The meeting page's data, cut to what the screen shows: the photos' JSON in
// a meeting can be large (camera details, every rating), and the groups need
// only the thumbnail, the caption and the ratings of each.
import type { MeetingView } from "~/services/meetings/meeting-view.server";

export function meetingPageData(view: MeetingView) {
  const { MeetingSubmissions: _submissions, ...meeting } = view.meeting;
  return {
    meeting,
    title: view.title,
    details: view.details,
    sort: view.sort,
    groups: view.groups.map((group) => ({
      // null: an anonymous meeting before its reveal, all its photos in one group.
      author: group.author
        ? { id: group.author.id, fullName: group.author.fullName, username: group.author.username }
        : null,
      submissions: group.submissions.map(({ id, position, Photo }) => ({
        id,
        position,
        photo: {
          id: Photo.id,
          caption: Photo.caption,
          thumbUrl: Photo.thumbUrl,
          UserId: Photo.UserId,
          Ratings: Photo.Ratings ?? [],
          rating: { average: Photo.rating ?? null, count: Photo.ratingCount ?? 0 },
        },
      })),
    })),
    photoOrder: view.photoOrder,
    isUpcoming: view.isUpcoming,
    mayManage: view.mayManage,
    namesHidden: view.namesHidden,
    mayReveal: view.mayReveal,
    maySubmit: view.maySubmit,
    timeZone: view.timeZone,
  };
}

export type MeetingPageData = ReturnType<typeof meetingPageData>;
