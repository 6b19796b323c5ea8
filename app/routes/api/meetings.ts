import { linkHeader } from "~/lib/paging";
import { DEFAULT_MEETING_SORT } from "~/lib/meeting-order";
import { MeetingListQuerySchema, NewMeetingSchema } from "~/lib/meeting-schemas";
import { apiRoute } from "~/server/api.server";
import { listMeetings } from "~/services/meetings/meeting-list.server";
import { getMeeting } from "~/services/meetings/meeting-view.server";
import { createMeeting } from "~/services/meetings/meetings.server";

// GET /api/meetings?year&page: the /meetings page's sections as JSON (Next, Upcoming, a page of Past),
// links to the other pages of past meetings in the Link header.
// POST /api/meetings {startsAt, topic, ..., frequency? or repeats?, meetingTemplateId?}: an admin schedules a meeting (201).
const resource = apiRoute({
  methods: ({ member, admin }) => ({
    GET: member({ query: MeetingListQuerySchema }, async ({ member, url, query }) => {
      const list = await listMeetings(member, query);
      return Response.json(list, {
        headers: { Link: linkHeader(url, list.page, list.pageCount), "X-Total-Count": String(list.total) },
      });
    }),
    POST: admin({ body: NewMeetingSchema }, async ({ member, body }) => {
      const meeting = await createMeeting(member, body);
      return Response.json(await getMeeting(member, meeting.id, DEFAULT_MEETING_SORT), { status: 201 });
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
