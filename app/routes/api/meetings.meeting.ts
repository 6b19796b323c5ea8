import { DEFAULT_MEETING_SORT } from "~/lib/meeting-order";
import { MeetingPatchSchema, MeetingViewQuerySchema } from "~/lib/meeting-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { getMeeting } from "~/services/meetings/meeting-view.server";
import { deleteMeeting, MEETING_NOT_FOUND_MESSAGE, updateMeeting } from "~/services/meetings/meetings.server";

// GET /api/meetings/{id}?sort=random|alphabetical: the meeting with its submissions grouped by author.
// PATCH /api/meetings/{id}: an admin changes it (a new start moves its photos' meeting sort too).
// DELETE /api/meetings/{id}: an admin deletes a meeting without submissions (204; 409 with submissions).
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ member, admin }) => ({
    GET: member({ query: MeetingViewQuerySchema }, ({ member, params, query }) =>
      getMeeting(member, params.meetingId, query.sort ?? DEFAULT_MEETING_SORT),
    ),
    PATCH: admin({ body: MeetingPatchSchema }, async ({ member, params, body }) => {
      await updateMeeting(member, params.meetingId, body);
      return getMeeting(member, params.meetingId, DEFAULT_MEETING_SORT);
    }),
    DELETE: admin(async ({ member, params }) => {
      await deleteMeeting(member, params.meetingId);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
