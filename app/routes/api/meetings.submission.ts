import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";
import { SUBMISSION_NOT_FOUND_MESSAGE, withdrawSubmission } from "~/services/meetings/submissions.server";

// DELETE /api/meetings/{id}/submissions/{submissionId}: the author withdraws a submission while the
// meeting is upcoming (204); the photo stays in their gallery.
const resource = apiRoute({
  params: {
    meetingId: idParam(MEETING_NOT_FOUND_MESSAGE),
    submissionId: idParam(SUBMISSION_NOT_FOUND_MESSAGE),
  },
  methods: ({ member }) => ({
    DELETE: member(async ({ member, params }) => {
      await withdrawSubmission(member, params.meetingId, params.submissionId);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
