import { apiRoute, idParam } from "~/server/api.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";
import { meetingResults } from "~/services/meetings/results.server";

// GET /api/meetings/{id}/results: the meeting's submissions ranked (members; authors withheld until a reveal).
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ member }) => ({
    GET: member(({ member, params }) => meetingResults(member, params.meetingId)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
