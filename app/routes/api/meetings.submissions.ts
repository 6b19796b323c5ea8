import { SubmissionOrderSchema } from "~/lib/meeting-schemas";
import { NewPhotoSchema } from "~/lib/photo-schemas";
import { apiRoute, idParam } from "~/server/api.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";
import { reorderSubmissions, submitToMeeting } from "~/services/meetings/submissions.server";

// POST /api/meetings/{id}/submissions {filename, file (signed id), license, acquireLicensePage}:
// the upload becomes a photo submitted to the meeting; 201 with {id, position, Photo}.
// 403 for a member not on the meeting's list, 409 once their allowance is used up.
// PUT /api/meetings/{id}/submissions {photoIds}: the author's own submissions in a new order (drag and drop).
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ member }) => ({
    POST: member({ body: NewPhotoSchema }, async ({ member, params, body }) =>
      Response.json(await submitToMeeting(member, params.meetingId, body), { status: 201 }),
    ),
    PUT: member({ body: SubmissionOrderSchema }, ({ member, params, body }) =>
      reorderSubmissions(member, params.meetingId, body),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
