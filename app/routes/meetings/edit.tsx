import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "react-router";
import type { Route } from "./+types/edit";
import { CompetitionJudges, INVITE_JUDGE_INTENT } from "~/components/meetings/competition-judges";
import { DeleteMeeting } from "~/components/meetings/delete-meeting";
import { EditMeetingForm } from "~/components/meetings/meeting-form";
import { PageTitle } from "~/components/page-title";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import { DEFAULT_MEETING_SORT } from "~/lib/meeting-order";
import { JudgeInviteSchema } from "~/lib/judging";
import { MeetingEditFormSchema, wholeFormEdit } from "~/lib/meeting-schemas";
import { MEETING_UPDATED_MESSAGE, meetingTitle } from "~/lib/meetings";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, refusalMessage, replyToRefusal } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { meetingMemberChoices } from "~/services/meetings/meeting-members.server";
import { meetingEditDraft } from "~/services/meetings/meeting-drafts.server";
import { inviteJudge, judgeInvitedMessage, listJudges } from "~/services/competitions/judges.server";
import { meetingView } from "~/services/meetings/meeting-view.server";
import {
  anonymityEndsOnlyByReveal,
  deleteMeeting,
  MEETING_HAS_SUBMISSIONS_MESSAGE,
  updateMeeting,
  WITHDRAWN_ANONYMOUSLY_MESSAGE,
} from "~/services/meetings/meetings.server";
import { MEETING_DELETED_MESSAGE, meetingIdOf, readMeetingForm } from "./meeting-forms.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const meetingId = meetingIdOf(params);
  const [draft, members, view, anonymityLocked] = await Promise.all([
    meetingEditDraft(admin, meetingId),
    meetingMemberChoices(admin),
    meetingView(admin, meetingId, DEFAULT_MEETING_SORT),
    anonymityEndsOnlyByReveal(meetingId),
  ]);
  const competition =
    view.meeting.kind === "competition"
      ? { judges: await listJudges(admin, meetingId), published: view.meeting.resultsPublishedAt !== null }
      : null;
  return {
    draft,
    members,
    competition,
    anonymityLocked,
    timeZone: clubTimeZone(),
    // A meeting with submissions, or whose withdrawn photos still hide their authors, stays: the page says why.
    deleteRefusal:
      view.meeting.MeetingSubmissions.length > 0
        ? MEETING_HAS_SUBMISSIONS_MESSAGE
        : anonymityLocked
          ? WITHDRAWN_ANONYMOUSLY_MESSAGE
          : null,
    confirmingDelete: new URL(request.url).searchParams.has("delete"),
  };
});

// Save ('Meeting updated!' on the meeting's page) or, after the question, delete (back to /meetings).
export const action = page(async ({ request, params }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const meetingId = meetingIdOf(params);
  const formData = await readMeetingForm(request);
  if (formData.get("intent") === "delete") {
    try {
      await deleteMeeting(admin, meetingId);
    } catch (error) {
      return refusalMessage(error);
    }
    return redirectWithFlash("/meetings", MEETING_DELETED_MESSAGE);
  }
  if (formData.get("intent") === INVITE_JUDGE_INTENT) {
    const submission = await parseForm(request, JudgeInviteSchema, formData);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const judge = await inviteJudge(admin, meetingId, submission.value);
      return redirectWithFlash(`/meetings/${meetingId}/edit#competition-judge`, judgeInvitedMessage(judge));
    } catch (error) {
      return replyToRefusal(submission, error);
    }
  }
  const submission = await parseForm(request, MeetingEditFormSchema, formData);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await updateMeeting(admin, meetingId, wholeFormEdit(submission.value));
  } catch (error) {
    return replyToRefusal(submission, error);
  }
  return redirectWithFlash(`/meetings/${meetingId}`, MEETING_UPDATED_MESSAGE);
});

export default function EditMeetingPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { draft, members, timeZone, anonymityLocked, deleteRefusal, confirmingDelete } = loaderData;
  // Two forms answer through this action: each takes its own answer (by the intent it sent).
  const answer = actionData && "result" in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const judgeAnswer = answer?.initialValue?.intent === INVITE_JUDGE_INTENT;
  const result = judgeAnswer ? undefined : answer;
  const deleteError = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="meeting-form-page">
      <PageTitle>Edit Meeting</PageTitle>
      <h1>Edit Meeting</h1>
      <p className="muted form-subtitle">{meetingTitle(draft.topic)}</p>
      <EditMeetingForm
        draft={draft}
        members={members}
        timeZone={timeZone}
        anonymityLocked={anonymityLocked}
        lastResult={result}
      />
      {loaderData.competition ? (
        <CompetitionJudges
          meetingId={draft.id}
          judges={loaderData.competition.judges}
          published={loaderData.competition.published}
          timeZone={timeZone}
          lastResult={judgeAnswer ? answer : undefined}
        />
      ) : null}
      <DeleteMeeting
        refusal={deleteRefusal}
        confirming={confirmingDelete}
        cancelTo={`/meetings/${draft.id}/edit`}
        error={deleteError}
      />
    </section>
  );
}
