import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { publishResults } from "~/services/competitions/publish-results.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";

// POST /api/meetings/{id}/publish (admins): a competition's results become the club's once every
// entry is scored: its names shown, the judge's link closed, the recaps sent. 200 with the results;
// 409 for a critique night, an entry still unscored, or results published already.
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ admin }) => ({
    POST: admin(({ member, params }) => publishResults(member, params.meetingId)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
