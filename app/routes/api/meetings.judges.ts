import { JudgeInviteSchema } from "~/lib/judging";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { inviteJudge, listJudges } from "~/services/competitions/judges.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";

// GET /api/meetings/{id}/judges (admins): the competition's judges.
// POST /api/meetings/{id}/judges {name, email} (admins): invites an outside judge, e-mailing the
// private link /judge/{token}; 201 with the judge (never the link); 409 for a critique night or
// once the results are published.
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ admin }) => ({
    GET: admin(({ member, params }) => listJudges(member, params.meetingId)),
    POST: admin({ body: JudgeInviteSchema }, async ({ member, params, body }) =>
      Response.json(await inviteJudge(member, params.meetingId, body), { status: 201 }),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
