import { useCallback, useState } from "react";
import { Link, useActionData, useRevalidator } from "react-router";
import type { Route } from "./+types/upload";
import { FormErrors } from "~/components/forms/fields";
import { ChooseMyPhotos } from "~/components/meetings/choose-my-photos";
import { MySubmissions } from "~/components/meetings/my-submissions";
import { PageTitle } from "~/components/page-title";
import { UploadQueue } from "~/components/upload-queue";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import "~/components/upload-grid.css";
import { env } from "~/env.server";
import { apiFetch } from "~/lib/api-client";
import { formatMeetingDateTime } from "~/lib/club-time";
import { DEFAULT_MEETING_SORT } from "~/lib/meeting-order";
import { ChosenPhotoFormSchema, SubmissionOrderSchema } from "~/lib/meeting-schemas";
import { idParam } from "~/services/id-params.server";
import { parseForm, readForm, refusalMessage } from "~/server/forms.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { InvalidError } from "~/services/errors.server";
import type { MeetingSubmissionJson } from "~/lib/meeting-json";
import { meetingView } from "~/services/meetings/meeting-view.server";
import { photosToChoose, submitOwnPhoto } from "~/services/meetings/own-photo-submissions.server";
import {
  reorderSubmissions,
  SUBMISSION_NOT_FOUND_MESSAGE,
  uploadPage,
  withdrawSubmission,
} from "~/services/meetings/submissions.server";

import { meetingIdOf } from "./meeting-forms.server";

import { EntryFields, type EntryChoice } from "~/components/meetings/entry-fields";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /meetings/{id}/upload: what the member may still upload, the upload
// queue for it, and their own submissions to reorder or withdraw while the meeting is upcoming.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  const meetingId = meetingIdOf(params);
  const [upload, view, mayChoose] = await Promise.all([
    uploadPage(member, meetingId),
    meetingView(member, meetingId, DEFAULT_MEETING_SORT),
    photosToChoose(member),
  ]);
  const mine = view.ownSubmissions;
  return {
    ...upload,
    isUpcoming: view.isUpcoming,
    mine: mine.map(({ id, position, photoId, Photo }) => ({
      id,
      position,
      photoId,
      caption: Photo.caption,
      filename: Photo.filename,
      thumbUrl: Photo.thumbUrl,
    })),
    photosToChoose: upload.maySubmit && upload.allowance.remaining > 0 ? mayChoose : [],
    namesHidden: view.namesHidden,
    maxBytes: env().UPLOAD_MAX_BYTES,
  };
});

/**
 * Reordering and withdrawing one's submissions (a form per button), submitting
 * one of one's photos ('Choose from my photos'), and the upload queue's photo
 * forms (edit, delete), answered as on /upload.
 */
export const action = page(async (args: Route.ActionArgs) => {
  const { request, params } = args;
  const member = await requireMember(request);
  const formData = await readForm(request.clone());
  const intent = formData.get("intent");
  if (intent !== "reorder" && intent !== "withdraw" && intent !== "submit-photo") return photoFormAction(args);
  const meetingId = meetingIdOf(params);
  try {
    if (intent === "submit-photo") {
      const chosen = await parseForm(request, ChosenPhotoFormSchema, formData);
      if (chosen.status !== "success") throw new InvalidError([], "Choose one of your photos.");
      await submitOwnPhoto(member, meetingId, chosen.value);
    } else if (intent === "reorder") {
      const submission = await parseForm(request, SubmissionOrderSchema, formData);
      if (submission.status !== "success") throw new InvalidError([], "The new order could not be read.");
      await reorderSubmissions(member, meetingId, submission.value);
    } else {
      const raw = formData.get("submissionId");
      const submissionId = idParam(SUBMISSION_NOT_FOUND_MESSAGE)(typeof raw === "string" ? raw : undefined);
      await withdrawSubmission(member, meetingId, submissionId);
    }
  } catch (error) {
    return refusalMessage(error);
  }
  return { done: intent };
});

export default function MeetingUploadPage({ loaderData }: Route.ComponentProps) {
  // Another meeting's page is another visit: its queue starts empty.
  return <MeetingUpload key={loaderData.meeting.id} {...loaderData} />;
}

function MeetingUpload({
  meeting,
  title,
  allowance,
  maySubmit,
  refusal,
  timeZone,
  mine,
  isUpcoming,
  photosToChoose,
  namesHidden,
  maxBytes,
}: Route.ComponentProps["loaderData"]) {
  const answer = useActionData<typeof action>();
  // A caption's refusal is shown in its own row (submission-caption.tsx), with the words typed.
  const refused =
    answer && "error" in answer && !("field" in answer && answer.field === "caption") ? answer.error : null;
  const { revalidate } = useRevalidator();
  // The queue shows when the member arrives with room left, and stays for the visit (with the
  // forms of the photos it added) even once the allowance is used up; it refuses what would exceed it.
  const [queueShown] = useState(maySubmit && allowance.remaining > 0);
  // While uploads are on their way the queue warns not to leave; once all have ended, the way back shows.
  const [uploading, setUploading] = useState(false);

  // A competition's entries go in with the category and title chosen above the queue.
  const competition = meeting.kind === "competition";
  const [entry, setEntry] = useState<EntryChoice>({ CategoryId: meeting.categories[0]?.id ?? 0, caption: "" });

  // Each finished upload becomes a submission; the page then reloads its data so the allowance follows.
  const createPhoto = useCallback(
    async (file: File, signedId: string) => {
      const submission = await apiFetch<MeetingSubmissionJson>(`/api/meetings/${meeting.id}/submissions`, {
        method: "POST",
        json: { filename: file.name, file: signedId, ...(competition ? entry : {}) },
      });
      void revalidate();
      return submission.Photo;
    },
    [meeting.id, revalidate, competition, entry],
  );

  return (
    <section className="meeting-upload-page">
      <PageTitle>Upload Photos</PageTitle>
      <p className="meeting-when muted">
        <Link to={`/meetings/${meeting.id}`}>{title}</Link> ·{" "}
        <time dateTime={meeting.startsAt}>{formatMeetingDateTime(meeting.startsAt, timeZone)}</time>
      </p>
      <h1>Upload Photos</h1>
      <FormErrors errors={refused ? [refused] : undefined} />
      {answer && "done" in answer && answer.done === "submit-photo" ? (
        <p role="status" className="status-note">
          Photo submitted to this meeting!
        </p>
      ) : null}
      {maySubmit ? (
        <div className={allowance.remaining > 0 ? "notice" : "notice done"}>
          <p className="allowance">{allowance.message}</p>
        </div>
      ) : (
        <div className="notice refused">
          <p>{refusal}</p>
        </div>
      )}
      {queueShown && competition ? (
        <EntryFields
          categories={meeting.categories}
          value={entry}
          onChange={setEntry}
          titleHint="Type the title and choose the category first: each photo you add is entered with them."
        />
      ) : null}
      {queueShown ? (
        <UploadQueue
          createPhoto={createPhoto}
          maxSize={maxBytes}
          maxFiles={allowance.remaining}
          tiles
          onBusyChange={setUploading}
        />
      ) : null}
      <ChooseMyPhotos photos={photosToChoose} anonymous={namesHidden} categories={meeting.categories} />
      {uploading ? null : (
        <p className="upload-done">
          <Link to={`/meetings/${meeting.id}`} className="button primary">
            Back to the meeting
          </Link>
        </p>
      )}
      <MySubmissions submissions={mine} changeable={isUpcoming} />
    </section>
  );
}
