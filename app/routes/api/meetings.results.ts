import { AwardChoiceSchema } from "~/lib/competition-results";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { chooseAward, competitionResults } from "~/services/competitions/competition-results.server";
import { MEETING_NOT_FOUND_MESSAGE, meetingForMember } from "~/services/meetings/meetings.server";
import { meetingResults } from "~/services/meetings/results.server";

// GET /api/meetings/{id}/results: a critique night's submissions ranked by the members' stars
// (members; authors withheld until a reveal); a competition's entries per category, ranked by the
// judge's score with their awards (admins before publishing, members after; authors once published).
// PATCH /api/meetings/{id}/results {PhotoId, award} (admins, before publishing): an entry's award.
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ member, admin }) => ({
    GET: member(async ({ member, params }) => {
      const meeting = await meetingForMember(member, params.meetingId);
      return meeting.kind === "competition"
        ? competitionResults(member, meeting)
        : meetingResults(member, params.meetingId);
    }),
    PATCH: admin({ body: AwardChoiceSchema }, ({ member, params, body }) =>
      chooseAward(member, params.meetingId, body),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
