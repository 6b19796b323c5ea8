import { DEFAULT_MEETING_SORT } from "~/lib/meeting-order";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { revealMeeting } from "~/services/meetings/anonymity.server";
import { getMeeting } from "~/services/meetings/meeting-view.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";

// POST /api/meetings/{id}/reveal: an admin reveals the names of an anonymous meeting:
// 200 with the meeting as GET answers it, now with its authors; 409 when it is not anonymous or
// was revealed already; 403 for members. Open pages and rooms show the names at once.
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ admin }) => ({
    POST: admin(async ({ member, params }) => {
      await revealMeeting(member, params.meetingId);
      return getMeeting(member, params.meetingId, DEFAULT_MEETING_SORT);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
