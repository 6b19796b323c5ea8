import { MeetingSubmissionSchema, SubmissionOrderSchema } from "~/lib/meeting-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";
import { submitOwnPhoto } from "~/services/meetings/own-photo-submissions.server";
import { reorderSubmissions, submitToMeeting } from "~/services/meetings/submissions.server";

// POST /api/meetings/{id}/submissions {filename, file (signed id), license, acquireLicensePage}:
// the upload becomes a photo submitted to the meeting; 201 with {id, position, Photo}.
// Or {PhotoId} (the code's addition): one of the member's own photos, in no meeting yet, is submitted.
// 403 for a member not on the meeting's list (or someone else's photo), 409 once their allowance is used up.
// PUT /api/meetings/{id}/submissions {photoIds}: the author's own submissions in a new order (drag and drop).
const resource = apiRoute({
  params: { meetingId: idParam(MEETING_NOT_FOUND_MESSAGE) },
  methods: ({ member }) => ({
    POST: member({ body: MeetingSubmissionSchema }, async ({ member, params, body }) => {
      const submission =
        "PhotoId" in body
          ? await submitOwnPhoto(member, params.meetingId, body)
          : await submitToMeeting(member, params.meetingId, body);
      return Response.json(submission, { status: 201 });
    }),
    PUT: member({ body: SubmissionOrderSchema }, ({ member, params, body }) =>
      reorderSubmissions(member, params.meetingId, body),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
