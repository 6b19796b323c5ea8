import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { requireAdmin } from "~/services/access.server";
import { originalsResponse } from "~/services/competitions/originals-response.server";
import { MEETING_NOT_FOUND_MESSAGE, loadMeeting } from "~/services/meetings/meetings.server";

// GET /api/meetings/{id}/originals.zip (admins): the competition's entries' original files, streamed.
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ admin }) => ({
    GET: admin(async ({ member, params }) => {
      requireAdmin(member);
      return originalsResponse(await loadMeeting(params.meetingId));
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
